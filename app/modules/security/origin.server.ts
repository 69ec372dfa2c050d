import { data } from "react-router";

/**
 * A state-changing request must come from our own pages (issue 16): an Origin equal to the site's, or,
 * without Origin, a Sec-Fetch-Site of `same-origin` or `none` (typed in the address bar). `Origin: null`
 * (sandboxed frames, some redirects) and a request that says nothing are refused.
 */
export function isSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin === new URL(request.url).origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "same-origin" || site === "none";
}

export function assertSameOrigin(request: Request) {
  if (!isSameOrigin(request)) throw data({ reason: "cross-origin" }, { status: 403 });
}

/** Only same-origin paths: `/x?y`, never `//host` or `https://host`. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
