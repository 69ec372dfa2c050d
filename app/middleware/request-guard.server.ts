import { forbidden } from "~/modules/access/require.server";
import { data, type MiddlewareFunction } from "react-router";
import { checkBodyHeaders, readFormToken } from "~/platform/http/body.server";
import {
  anchorCookieHeader,
  anchorOf,
  formTokenFor,
  isValidFormToken,
  newAnchor,
} from "~/platform/security/form-token.server";
import { postSourceOf } from "~/platform/security/origin.server";
import { formTokenContext } from "~/platform/http/context";
import { SERVER_PATHS } from "~/platform/server/paths";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Before any action (docs/decisions/0012): a state-changing request must come from our own pages (else a 403)
 * and carry a form or nothing (415, 400, 413). Our pages say so by their Origin, Sec-Fetch-Site or
 * Referer; a browser that sends none of them posts the anti-forgery token every form of ours carries.
 * A page gets the token in the router context (and its visitor the anchor cookie it is made from).
 * The JSON API and the wallets' endpoints answer for themselves: bearer tokens and codes, JSON bodies.
 */
export const requestGuardMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const path = url.pathname;
  if (path.startsWith(SERVER_PATHS.api) || path.startsWith(SERVER_PATHS.wallet)) return next();
  const anchor = anchorOf(request.headers.get("Cookie"));
  if (SAFE_METHODS.has(request.method)) {
    const pageAnchor = anchor ?? newAnchor();
    context.set(formTokenContext, formTokenFor(pageAnchor));
    const response = await next();
    if (!anchor && response.headers.get("Content-Type")?.startsWith("text/html"))
      response.headers.append("Set-Cookie", anchorCookieHeader(pageAnchor));
    return response;
  }
  const refused = checkBodyHeaders(request);
  const source = postSourceOf(request);
  if (source === "foreign") throw forbidden("cross-origin");
  if (refused) throw data({ reason: "body" }, { status: refused });
  if (source === "unknown" && !isValidFormToken(anchor, await readFormToken(request))) throw forbidden("cross-origin");
  if (anchor) context.set(formTokenContext, formTokenFor(anchor));
  return next();
};
