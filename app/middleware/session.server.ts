import { redirect, type MiddlewareFunction, href } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { ANONYMOUS, principalContext } from "~/modules/access";
import { principalFor } from "~/modules/access/principal.server";
import { unreadContext } from "~/modules/notifications/context";
import { clearToastHeader, readToast, setsToast } from "~/platform/toast/toast.server";
import { identifyRequest } from "~/platform/log/logger.server";
import { clientIpContext, toastContext } from "~/platform/http/context";

/** Builds the principal once per request (docs/architecture.md §15). */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, url, context, pattern }, next) => {
  // The JSON API reads only its bearer token (docs/architecture.md §18): no cookie is looked at under /api.
  const ip = context.get(clientIpContext) || null;
  const { principal, unread } = isApiPath(url)
    ? { principal: { ...ANONYMOUS, ip }, unread: null }
    : await principalFor(getDb(), request, url, ip);
  context.set(principalContext, principal);
  context.set(unreadContext, unread);
  // React Router's pattern of the matched route (`login`, `clerks/requests`), as a path.
  identifyRequest({ userId: principal.userId, route: `/${pattern.replace(/^\/+/, "")}` });
  // A role that requires two-factor sign-in: until they enrol, every page sends them to enrol.
  if (principal.user?.mustEnrolTwoFactor && !ENROLMENT_PATHS.test(url.pathname)) {
    throw redirect(href("/profile/two-factor"), { headers: { "Cache-Control": "no-store" } });
  }
  const response = await next();
  // What a signed-in user sees (pages, `.data`, files) is kept by no cache, shared or the browser's.
  if (principal.role !== null) response.headers.set("Cache-Control", "no-store");
  return response;
};

const ENROLMENT_PATHS = /^\/(profile\/two-factor|logout|language)$/;

const isApiPath = (url: URL) => url.pathname.startsWith("/api/");

/** Reads the flash toast once and clears it, unless the response sets a new one. */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const toast = request.method === "GET" && !isApiPath(url) ? readToast(request) : null;
  context.set(toastContext, toast);
  const response = await next();
  if (toast && !setsToast(response.headers.getSetCookie())) {
    response.headers.append("Set-Cookie", clearToastHeader());
  }
  return response;
};
