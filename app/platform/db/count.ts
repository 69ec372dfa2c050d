import type { SelectQueryBuilder } from "kysely";

/** How many rows a query selects (the lists' totals and the dashboards' figures). */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number((row as { n: number | string }).n);
}
