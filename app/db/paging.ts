import type { SelectQueryBuilder } from "kysely";
import { countRows } from "./count";

/** A page of a list: `page` from 0, `size` rows (read from the URL by platform/paging.ts). */
export interface Paging {
  page: number;
  size: number;
}

/**
 * One page of a list and the count of all its rows: `filtered` (the list's conditions) counted, `ordered` (the
 * same rows with their columns and order) cut to the page. The one count-and-page query of every list.
 */
export async function pageOf<FilteredDB, FilteredTB extends keyof FilteredDB, FilteredO, DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<FilteredDB, FilteredTB, FilteredO>,
  ordered: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
) {
  const total = await countRows(filtered);
  const rows = await ordered
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  return { total, rows };
}
