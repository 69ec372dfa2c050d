import { parseUserDate, toLatinDigits } from "~/utils/digits";
import { cleanText } from "~/utils/text";

/** What a list screen reads from its URL: the search box, the page, a date range (docs/architecture.md §4). */

/**
 * The search box of a list screen: trimmed, at most 100 characters, without the control characters that typed
 * text loses everywhere (PostgreSQL refuses a NUL in any text parameter).
 */
export const searchOf = (url: URL) =>
  cleanText(toLatinDigits(url.searchParams.get("q") ?? ""))
    .trim()
    .slice(0, 100);

/** The last page a list can be asked for: past it (`?page=1e20`) the page is clamped, an empty one. */
const MAX_PAGE = 1_000_000;

/** `page` from 0 and `size` (default 10, at most 100) from the URL; bad values fall back, huge ones are clamped. */
function pagingOf(url: URL, defaultSize = 10) {
  const page = Number.parseInt(url.searchParams.get("page") ?? "0", 10);
  const size = Number.parseInt(url.searchParams.get("size") ?? String(defaultSize), 10);
  return {
    page: Number.isFinite(page) && page >= 0 ? Math.min(page, MAX_PAGE) : 0,
    size: Number.isFinite(size) && size > 0 ? Math.min(size, 100) : defaultSize,
  };
}

/** `from`/`to` (YYYY-MM-DD) from a list's URL; `to` includes its whole day. */
export function dateRangeOf(url: URL) {
  const day = (value: string | null) => (value ? (parseUserDate(value) ?? "") : "");
  const from = day(url.searchParams.get("from"));
  const to = day(url.searchParams.get("to"));
  return {
    from,
    to,
    fromIso: from ? new Date(`${from}T00:00:00Z`).toISOString() : undefined,
    toIso: to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : undefined,
  };
}

/**
 * A list screen's loader data (the one list loader): the search box and the page read from the URL, and the
 * list's query asked for them; `list` reads its other filters from the URL and returns them beside its rows.
 */
export async function listScreenData<Result extends { total: number; rows: unknown[] }>(
  url: URL,
  list: (filter: { q: string; page: number; size: number }, url: URL) => Promise<Result>,
  defaultSize = 10,
) {
  const paging = pagingOf(url, defaultSize);
  const q = searchOf(url);
  return { ...(await list({ q, ...paging }, url)), q, ...paging };
}
