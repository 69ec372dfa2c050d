import { data, type MiddlewareFunction } from "react-router";
import { checkBodyHeaders } from "~/modules/http/body.server";
import { isSameOrigin } from "~/modules/security/origin.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Before any action (issue 16): a state-changing request must come from our own pages (403) and carry a
 * form or nothing (415, 400, 413). The JSON API answers for itself: bearer tokens, JSON bodies.
 */
export const requestGuardMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (SAFE_METHODS.has(request.method) || new URL(request.url).pathname.startsWith("/api/")) return next();
  if (!isSameOrigin(request)) throw data({ reason: "cross-origin" }, { status: 403 });
  const refused = checkBodyHeaders(request);
  if (refused) throw data({ reason: "body" }, { status: refused });
  return next();
};
