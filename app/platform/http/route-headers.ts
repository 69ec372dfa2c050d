import type { HeadersFunction } from "react-router";

/** The headers a page's answer must keep from what its loader, action or error said (RFC 9110: 429, 405). */
const KEPT = ["Retry-After", "Allow"];

/**
 * React Router builds a page's headers from the routes' `headers` exports and keeps only cookies from the
 * rest: a rate limit's `Retry-After` thrown from an action was lost on the rendered 429. The routes that
 * render errors (the root and the area layouts) and those that answer 429 themselves export this.
 */
export const keepStatusHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const name of KEPT) {
      const value = source?.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
};
