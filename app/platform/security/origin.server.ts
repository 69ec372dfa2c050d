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
export const isSameOrigin = (request: Pick<Request, "url"> & { headers: Pick<Headers, "get"> }) =>
  postSourceOf(request) === "ours";

const OURS = "http://ours.invalid";
// Control characters (browsers drop tabs and newlines from a Location, so "/\t/evil" becomes "//evil"),
// backslashes (read as slashes), and the invisible format characters that can hide either.
// eslint-disable-next-line no-control-regex -- these are the characters refused
const UNSAFE_IN_REDIRECT = /[\u0000-\u001f\u007f-\u009f\\\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/**
 * Where a redirect may go, from a value a visitor can set (`redirectTo`): a path of this site only. The
 * value is parsed as a URL against our origin and kept only when the origin stays ours and it holds no
 * control character or backslash; the answer is the parsed path, query and fragment, so what goes into
 * the Location header is what the parser read (docs/decisions/0012).
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000 || !value.startsWith("/") || UNSAFE_IN_REDIRECT.test(value))
    return fallback;
  let url: URL;
  try {
    url = new URL(value, OURS);
  } catch {
    return fallback;
  }
  if (url.origin !== OURS || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? fallback : path;
}
