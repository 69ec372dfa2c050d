import { Refusal, rateLimited } from "~/platform/outcome";
import { getDb, type DB } from "~/platform/db/db.server";
import { inWriteBatch } from "~/platform/db/write-batch.server";
import { countHits, deleteWindowsBefore, uncountHit } from "./queries.server";
import { errorField, logger } from "~/platform/log/logger.server";
import { rateLimitRefusals } from "~/platform/metrics/metrics.server";

// Fixed-window counters in the database (rate_limits), so that every worker process, and every
// machine sharing the database, counts the same hits (docs/architecture.md §5 and §19). Each hit is committed before
// the request is answered, grouped with the other writes of the same moment.

const PRUNE_EVERY = 1000;
const KEEP_MS = 24 * 60 * 60 * 1000;
let hitsSincePrune = 0;

function pruneNowAndThen(db: DB, now: number, hits = 1) {
  hitsSincePrune += hits;
  if (hitsSincePrune < PRUNE_EVERY) return;
  hitsSincePrune = 0;
  void inWriteBatch(db, (trx) => deleteWindowsBefore(trx, now - KEEP_MS)).catch((error) =>
    logger.error({ err: errorField(error) }, "rate_limits were not pruned"),
  );
}

/** Counts a hit in `key`'s window; the number of hits in it, this one included. */
export async function countHitIn(key: string, windowMs: number, now = Date.now()): Promise<number> {
  const db = getDb();
  pruneNowAndThen(db, now);
  return inWriteBatch(db, (trx) => countHits(trx, key, 1, windowMs, now));
}

export interface Hit {
  key: string;
  limit: number;
  windowMs: number;
}

/** A hit's verdict in a batch, and its key's count once the batch's hits on it are counted. */
export interface Counted {
  within: boolean;
  count: number;
}

/**
 * `hit` for each of `hits`, inside a write of the batch (`trx`), so that the hits and the writes they
 * guard are committed together. The hits on one key are counted with one statement, and each is told
 * whether it is within the limit as if they had come one after the other.
 */
export async function hitsInBatch(trx: DB, hits: Hit[], now = Date.now()): Promise<Counted[]> {
  pruneNowAndThen(getDb(), now, hits.length);
  const byKey = new Map<string, number[]>();
  hits.forEach((hit, index) => {
    const name = `${hit.key} ${hit.windowMs}`;
    const group = byKey.get(name);
    if (group) group.push(index);
    else byKey.set(name, [index]);
  });
  const counted: Counted[] = [];
  for (const indexes of byKey.values()) {
    const { key, windowMs } = hits[indexes[0]];
    const count = await countHits(trx, key, indexes.length, windowMs, now);
    indexes.forEach(
      (index, order) => (counted[index] = { within: count - indexes.length + order + 1 <= hits[index].limit, count }),
    );
  }
  return counted;
}

/** `hits` hits at once on `key` (written later than they were judged, docs/decisions/0029); the count after them. */
export function addHits(trx: DB, hit: Hit, hits: number, now = Date.now()): Promise<number> {
  pruneNowAndThen(getDb(), now, hits);
  return countHits(trx, hit.key, hits, hit.windowMs, now);
}

/** True when `key` is still within `limit` hits per `windowMs`, this one included. */
export async function hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
  const within = (await countHitIn(key, windowMs, now)) <= limit;
  // The limit's name is the key's first part (`auth`, `verify`, `upload`, `2fa`, `reset`, `password`), never the key.
  if (!within) rateLimitRefusals.inc({ limit: key.slice(0, key.indexOf(":")) || key });
  return within;
}

/** Takes back a hit that turned out not to count (a right PIN). */
export function uncount(key: string): Promise<void> {
  const db = getDb();
  return inWriteBatch(db, (trx) => uncountHit(trx, key));
}

/** Throws a 429 (rendered as a translated page) when the limit is passed. */
export async function enforceRateLimit(key: string, limit: number, windowMs = 60_000) {
  if (!(await hit(key, limit, windowMs))) {
    throw new Refusal(rateLimited("api.errors.rateLimited", Math.ceil(windowMs / 1000)), "rate-limited");
  }
}
