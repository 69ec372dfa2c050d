import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { inWriteBatch } from "~/db/write-batch.server";
import { countHit, deleteWindowsBefore, uncountHit } from "./queries.server";

// Fixed-window counters in the database (rate_limits), so that every worker process, and every
// machine sharing the database, counts the same hits (DESIGN 5 and 19). Each hit is committed before
// the request is answered, grouped with the other writes of the same moment.

const PRUNE_EVERY = 1000;
const KEEP_MS = 24 * 60 * 60 * 1000;
let hitsSincePrune = 0;

/** Counts a hit in `key`'s window; the number of hits in it, this one included. */
export async function countHitIn(key: string, windowMs: number, now = Date.now()): Promise<number> {
  const db = getDb();
  if (++hitsSincePrune >= PRUNE_EVERY) {
    hitsSincePrune = 0;
    void inWriteBatch(db, (trx) => deleteWindowsBefore(trx, now - KEEP_MS)).catch((error) => console.error("rate_limits were not pruned", error));
  }
  return inWriteBatch(db, (trx) => countHit(trx, key, windowMs, now));
}

/** True when `key` is still within `limit` hits per `windowMs`, this one included. */
export async function hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
  return (await countHitIn(key, windowMs, now)) <= limit;
}

/** Takes back a hit that turned out not to count (a right PIN). */
export function uncount(key: string): Promise<void> {
  const db = getDb();
  return inWriteBatch(db, (trx) => uncountHit(trx, key));
}

/** Throws a 429 (rendered as a translated page) when the limit is passed. */
export async function enforceRateLimit(key: string, limit: number, windowMs = 60_000) {
  if (!(await hit(key, limit, windowMs))) {
    throw data({ reason: "rate-limited" }, { status: 429, headers: { "Retry-After": String(Math.ceil(windowMs / 1000)) } });
  }
}
