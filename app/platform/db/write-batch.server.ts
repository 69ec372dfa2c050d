import type { Transaction } from "kysely";
import type { DB } from "./db.server";
import type { Database } from "./schema";
import { writeBatchSize } from "~/platform/metrics/metrics.server";

type Write = {
  run: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type Batch = { writes: Write[]; startedAt: number; seen: number };
const batches = new WeakMap<DB, Batch>();
/** The longest a write waits for others to share its commit. */
const MAX_GATHER_MS = 2;

/**
 * Group commit: small writes that must be durable before the answer (a verification look-up, a rate
 * limit counter) are committed together, one transaction (one fsync, about 0.15 ms here) for all of
 * them; each caller's promise settles once its write is committed. A batch takes the writes of each
 * event-loop turn while turns keep bringing new ones (the server is busy), for at most MAX_GATHER_MS,
 * and commits at the first turn that brings none: an idle server commits at once.
 * When the shared transaction fails, each write is retried alone, so one bad write fails only itself.
 */
export function inWriteBatch<T>(db: DB, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let batch = batches.get(db);
    if (!batch) {
      batch = { writes: [], startedAt: performance.now(), seen: 0 };
      batches.set(db, batch);
      gather(db, batch);
    }
    batch.writes.push({ run, resolve: resolve as (value: unknown) => void, reject });
  });
}

function gather(db: DB, batch: Batch) {
  setImmediate(() => {
    const growing = batch.writes.length > batch.seen;
    batch.seen = batch.writes.length;
    if (growing && performance.now() - batch.startedAt < MAX_GATHER_MS) return gather(db, batch);
    batches.delete(db);
    void commit(db, batch.writes);
  });
}

async function commit(db: DB, batch: Write[]) {
  writeBatchSize.observe(batch.length);
  try {
    const results = await db.transaction().execute(async (trx) => {
      const out: unknown[] = [];
      for (const write of batch) out.push(await write.run(trx));
      return out;
    });
    batch.forEach((write, index) => write.resolve(results[index]));
  } catch {
    for (const write of batch) {
      await db
        .transaction()
        .execute((trx) => write.run(trx))
        .then(write.resolve, write.reject);
    }
  }
}
