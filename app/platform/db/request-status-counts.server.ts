import { sql } from "kysely";
import type { DB } from "./db.server";

/** Whose requests a kept count is of: an organisation's, a category's, or a category's within its organisation. */
export type KeptCountScope = { clientId: number; categoryId?: number } | { clientId?: number; categoryId: number };

/**
 * An organisation's or a category's requests by status, without counting them (docs/decisions/0021): the last roll-up
 * plus the deltas the triggers of migration 0024 appended since. One statement, so one snapshot: a roll-up is seen
 * whole or not at all.
 */
export async function countKeptRequestsByStatus(db: DB, scope: KeptCountScope): Promise<Record<string, number>> {
  const { clientId, categoryId } = scope;
  const rows = await db
    .selectFrom(
      db
        .selectFrom("request_status_counts")
        .select(["status", "n"])
        .$if(clientId !== undefined, (query) => query.where("client_id", "=", clientId!))
        .$if(categoryId !== undefined, (query) => query.where("document_category_id", "=", categoryId!))
        .unionAll(
          db
            .selectFrom("request_status_deltas")
            .select(["status", "change as n"])
            .$if(clientId !== undefined, (query) => query.where("client_id", "=", clientId!))
            .$if(categoryId !== undefined, (query) => query.where("document_category_id", "=", categoryId!)),
        )
        .as("parts"),
    )
    .select(["status", (eb) => eb.fn.sum<number>("n").as("n")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]).filter(([, n]) => Number(n) > 0));
}

/** Every request of the service, without counting them: the kept counts of every organisation (one snapshot). */
export async function countAllRequestsKept(db: DB): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom("request_status_counts")
        .select("n")
        .unionAll(db.selectFrom("request_status_deltas").select("change as n"))
        .as("parts"),
    )
    .select((eb) => eb.fn.sum<number>("n").as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Folds the deltas into the counts, in one transaction: the deltas taken are deleted as they are read (`DELETE ...
 * RETURNING`), so a delta committed meanwhile stays for the next roll-up, and two servers rolling up at once take
 * different deltas. Counts are written in key order, so two roll-ups never wait for each other in a cycle.
 */
export async function rollUpRequestStatusDeltas(db: DB): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .deleteFrom("request_status_deltas")
      .returning(["client_id", "document_category_id", "status", "change"])
      .execute();
    const sums = new Map<string, { client_id: number; document_category_id: number; status: string; n: number }>();
    for (const delta of taken) {
      const key = `${delta.client_id} ${delta.document_category_id} ${delta.status}`;
      const sum = sums.get(key) ?? { ...delta, n: 0 };
      sum.n += Number(delta.change);
      sums.set(key, sum);
    }
    const ordered = [...sums.values()].sort(
      (a, b) =>
        a.client_id - b.client_id || a.document_category_id - b.document_category_id || (a.status < b.status ? -1 : 1),
    );
    for (const { client_id, document_category_id, status, n } of ordered) {
      if (n === 0) continue;
      await trx
        .insertInto("request_status_counts")
        .values({ client_id, document_category_id, status, n })
        .onConflict((conflict) =>
          conflict
            .columns(["client_id", "document_category_id", "status"])
            .doUpdateSet({ n: sql`request_status_counts.n + excluded.n` }),
        )
        .execute();
    }
    return taken.length;
  });
}
