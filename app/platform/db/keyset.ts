export const EXPORT_CHUNK_ROWS = 1000;

/**
 * Every row a query selects, fetched `size` at a time after the last id seen (keyset paging): an export of
 * any size holds one chunk in memory, and no query holds the database between chunks.
 */
export async function* inChunks<Row extends { id: number }>(
  fetch: (afterId: number, limit: number) => Promise<Row[]>,
  size = EXPORT_CHUNK_ROWS,
) {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, size);
    yield* rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1].id;
  }
}
