import { href, matchPath } from "react-router";
import { linkTo, type Area } from "~/modules/access";
import { BACK_PARAM } from "~/utils/back-link";
import { safeRedirectPath } from "~/platform/security/origin.server";

/** The staff lists of requests a request can be opened from (docs/product.md, Who uses it). */
const REQUEST_LISTS = ["workQueue", "categoryRequests", "clientRequests", "beneficiaryRequests"] as const;

/**
 * The list a request screen was opened from (`?back=`, with its search, filters, order and page), when it is
 * one of this area's request lists; anything else (another site, another area, another screen) is ignored.
 */
export function requestListFrom(area: Area, url: URL): string | null {
  const path = safeRedirectPath(url.searchParams.get(BACK_PARAM), "");
  if (!path) return null;
  const { pathname } = new URL(path, url.origin);
  const isList = REQUEST_LISTS.some((screen) => {
    const pattern = area.screens[screen];
    return pattern !== undefined && matchPath(pattern, pathname) !== null;
  });
  return isList ? path : null;
}

/** Where a clerk goes after changing a request: the list they came from, else its category's (or client's) list. */
export function requestListOf(
  area: Area,
  url: URL,
  request: { document_category_id: number; client_id: number },
): string {
  return (
    requestListFrom(area, url) ??
    linkTo(area, "categoryRequests", { categoryId: request.document_category_id }) ??
    linkTo(area, "clientRequests", { clientId: request.client_id }) ??
    href("/dashboard")
  );
}
