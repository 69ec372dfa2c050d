/** Booleans are stored as 0/1 so the same schema runs on SQLite and PostgreSQL. */
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | null | undefined): boolean => value === 1;

export const nowIso = (): string => new Date().toISOString();

/** The largest id: ids are 32-bit integers on PostgreSQL (serial), so a larger number is no row's id on either database. */
export const MAX_ID = 2 ** 31 - 1;

/**
 * The id a route parameter or search term names, or 0 (no row's id) when it names none: "abc", "1e3",
 * "-1" or a number past MAX_ID. Look-ups with it then find nothing and answer 404, as on SQLite,
 * instead of PostgreSQL refusing the query (a 500).
 */
export function idOf(value: string | number | null | undefined): number {
  const text = String(value ?? "");
  if (!/^[1-9]\d{0,9}$/.test(text)) return 0;
  const id = Number(text);
  return id <= MAX_ID ? id : 0;
}
