import { sql } from "kysely";
import type { DB } from "~/db/db.server";

/** Counts one hit in `key`'s fixed window (a new window once the old one is over); the count after it. */
export async function countHit(db: DB, key: string, windowMs: number, now: number): Promise<number> {
  const over = now - windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: now, count: 1 })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql<number>`CASE WHEN rate_limits.window_start <= ${over} THEN 1 ELSE rate_limits.count + 1 END`,
        window_start: sql<number>`CASE WHEN rate_limits.window_start <= ${over} THEN ${now} ELSE rate_limits.window_start END`,
      }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function uncountHit(db: DB, key: string): Promise<void> {
  await db.updateTable("rate_limits").set({ count: sql<number>`count - 1` }).where("key", "=", key).where("count", ">", 0).execute();
}

export async function deleteWindowsBefore(db: DB, before: number): Promise<void> {
  await db.deleteFrom("rate_limits").where("window_start", "<", before).execute();
}
