import { sql } from "kysely";
import type { DB } from "~/platform/db/db.server";
import { prepared } from "~/platform/db/prepared.server";

// Prepared: counted on every verification look-up and every sign-in attempt (docs/architecture.md §11).
const hitsUpsert = prepared((db: DB, key: string, hits: number, now: number, windowOverAt: number) =>
  db
    .insertInto("rate_limits")
    .values({ key, window_start: now, count: hits })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql<number>`CASE WHEN rate_limits.window_start <= ${windowOverAt} THEN ${hits} ELSE rate_limits.count + ${hits} END`,
        window_start: sql<number>`CASE WHEN rate_limits.window_start <= ${windowOverAt} THEN ${now} ELSE rate_limits.window_start END`,
      }),
    )
    .returning("count"),
);

/** Counts `hits` hits in `key`'s fixed window (a new window once the old one is over); the count after them. */
export async function countHits(db: DB, key: string, hits: number, windowMs: number, now: number): Promise<number> {
  const { rows } = await db.executeQuery(hitsUpsert(db, key, hits, now, now - windowMs));
  return Number(rows[0].count);
}

export async function uncountHit(db: DB, key: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ count: sql<number>`count - 1` })
    .where("key", "=", key)
    .where("count", ">", 0)
    .execute();
}

export async function deleteWindowsBefore(db: DB, before: number): Promise<void> {
  await db.deleteFrom("rate_limits").where("window_start", "<", before).execute();
}
