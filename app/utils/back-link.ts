/**
 * A request screen carries the list it was opened from in `?back=` (its path and query), so every screen after it
 * and every redirect after a change can return there (docs/product.md, Who uses it).
 */
export const BACK_PARAM = "back";

/** `to` with the list to return to; `to` unchanged when there is none. */
export function withBack(to: string, back: string | null | undefined): string {
  if (!back) return to;
  const url = new URL(to, "http://local");
  url.searchParams.set(BACK_PARAM, back);
  return `${url.pathname}${url.search}${url.hash}`;
}
