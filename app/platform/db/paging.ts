import type { SelectQueryBuilder } from "kysely";
import { countRows } from "./count";

/** A page of a list: `page` from 0, `size` rows (read from the URL by platform/paging.ts). */
export interface Paging {
  page: number;
  size: number;
}

/**
 * One page of a list and the count of all its rows: `filtered` (the list's conditions) counted, `ordered` (the
 * same rows with their columns and order) cut to the page. The one count-and-page query of every list. `known`:
 * the count when the database keeps it (docs/decisions/0021), not counted again.
 */
export async function pageOf<FilteredDB, FilteredTB extends keyof FilteredDB, FilteredO, DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<FilteredDB, FilteredTB, FilteredO>,
  ordered: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  known?: { total: number },
) {
  const total = known?.total ?? (await countRows(filtered));
  const rows = await ordered
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  return { total, rows };
}

/**
 * One page of a list read as two runs, each already in order (the work queue: pending requests, then the rest):
 * `filtered` counted, `first` counted to know where the second run starts, and the page cut across the two. Two
 * index scans instead of one sort of every row (docs/architecture.md §11). `known`: both counts, when kept.
 */
export async function pageOfTwoRuns<FDB, FTB extends keyof FDB, FO, DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<FDB, FTB, FO>,
  first: { filtered: SelectQueryBuilder<FDB, FTB, FO>; ordered: SelectQueryBuilder<DB, TB, O> },
  second: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  known?: { total: number; first: number },
) {
  const total = known?.total ?? (await countRows(filtered));
  const firstCount = known?.first ?? (await countRows(first.filtered));
  const offset = paging.page * paging.size;
  const rows = offset < firstCount ? await first.ordered.limit(paging.size).offset(offset).execute() : [];
  const left = paging.size - rows.length;
  if (left > 0)
    rows.push(
      ...(await second
        .limit(left)
        .offset(Math.max(0, offset - firstCount))
        .execute()),
    );
  return { total, rows };
}
