import { AsyncLocalStorage } from "node:async_hooks";

const pinned = new AsyncLocalStorage<string>();

/**
 * The time the audit trail records: now, except inside `asOf`, which only the demo data uses to write its
 * history through the services as it would have happened (the audit log is append-only, so it cannot be
 * dated afterwards).
 */
export const auditNow = () => pinned.getStore() ?? new Date().toISOString();

/** Runs `work` with the audit trail's clock at `at` (an ISO timestamp). */
export const asOf = <T>(at: string, work: () => Promise<T>) => pinned.run(at, work);
