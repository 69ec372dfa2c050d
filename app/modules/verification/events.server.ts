import type { DB } from "~/db/db.server";
import type { VerificationEventsTable } from "~/db/schema";
import { insertVerificationEvents } from "./queries.server";

type PendingEvent = { issued_document_id: number | null; outcome: VerificationEventsTable["outcome"]; ip_hash: string | null; user_agent: string | null; at: string };

const FLUSH_AFTER_MS = 200;
const FLUSH_AT = 200;
let pending: PendingEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let target: DB | null = null;

/**
 * Verification look-ups are the busiest writes: they are queued and written together, one
 * transaction (one fsync) per batch, at most 200 ms later (DESIGN 11: the page's p99 budget).
 */
export function queueVerificationEvent(db: DB, event: Omit<PendingEvent, "at">) {
  target = db;
  pending.push({ ...event, at: new Date().toISOString() });
  if (pending.length >= FLUSH_AT) void flushLogged();
  else timer ??= setTimeout(() => void flushLogged(), FLUSH_AFTER_MS);
}

function flushLogged() {
  return flushVerificationEvents().catch((error) => console.error("verification events were not written", error));
}

/** Writes what is queued; pages that list verifications call it first, and so does shutdown. */
export async function flushVerificationEvents() {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = pending;
  pending = [];
  if (batch.length === 0 || !target) return;
  const db = target;
  await db.transaction().execute((trx) => insertVerificationEvents(trx, batch));
}
