import type { Transaction } from "kysely";
import type { DB } from "./db.server";
import type { Database } from "./schema";

type Write = { run: (trx: Transaction<Database>) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
const queues = new WeakMap<DB, Write[]>();

/**
 * Group commit: small writes that must be durable before the answer (a verification look-up, a rate
 * limit counter) are queued for the rest of this event-loop turn and committed together, one
 * transaction (one fsync) for all of them; each caller's promise settles once its write is committed.
 * When the shared transaction fails, each write is retried alone, so one bad write fails only itself.
 */
export function inWriteBatch<T>(db: DB, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = [];
      queues.set(db, queue);
      setImmediate(() => void commit(db));
    }
    queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
  });
}

async function commit(db: DB) {
  const batch = queues.get(db) ?? [];
  queues.delete(db);
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
