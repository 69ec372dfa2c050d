/**
 * Where a state-changing request says it comes from (docs/decisions/0012), in the order browsers say it:
 * an `Origin` (ours, or anything else: another site, `null`); without one a `Sec-Fetch-Site` (`same-origin`
 * or `none`, typed in the address bar, are ours); without either a `Referer` (one of our pages, or not).
 * Text browsers (w3m, lynx) send only the Referer. A request that says none of these is "unknown": it is
 * taken only with the anti-forgery token of one of our forms (form-token.server.ts).
 */
export type PostSource = "ours" | "foreign" | "unknown";

export function postSourceOf(request: Pick<Request, "url"> & { headers: Pick<Headers, "get"> }): PostSource {
  const ours = new URL(request.url).origin;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin === ours ? "ours" : "foreign";
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin" || site === "none" ? "ours" : "foreign";
  const referer = request.headers.get("Referer");
  if (referer !== null) return URL.canParse(referer) && new URL(referer).origin === ours ? "ours" : "foreign";
  return "unknown";
}

/** True only when the request's headers say it comes from our pages (a token is checked elsewhere). */
export const isSameOrigin = (request: Pick<Request, "url"> & { headers: Pick<Headers, "get"> }) => postSourceOf(request) === "ours";

/** Only same-origin paths: `/x?y`, never `//host` or `https://host`. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
