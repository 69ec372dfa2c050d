import { getDb, pingDatabase } from "~/platform/db/db.server";
import { fileStore } from "~/platform/storage/file-store.server";

/** How long the file store's last answer stands for /healthz: a probe every few seconds costs the store one call. */
const STORE_CHECK_EVERY_MS = 10_000;
let store = { up: true, checkedAt: 0, checking: false };

/**
 * Whether the file store answered its last check; a check older than ten seconds starts another, after this answer
 * (the health check never waits for the store: its status is the database's, docs/decisions/0026).
 */
export function fileStoreUp(now = Date.now()): boolean {
  if (now - store.checkedAt > STORE_CHECK_EVERY_MS && !store.checking) {
    store.checking = true;
    void fileStore()
      .ping()
      .then(
        () => (store = { up: true, checkedAt: Date.now(), checking: false }),
        () => (store = { up: false, checkedAt: Date.now(), checking: false }),
      );
  }
  return store.up;
}

/** `/healthz`: the database answers. */
export async function healthy(): Promise<boolean> {
  try {
    await pingDatabase(getDb());
    return true;
  } catch {
    return false;
  }
}
