import type { MiddlewareFunction } from "react-router";
import { getDb } from "~/db/db.server";
import { principalContext } from "~/modules/access";
import { principalFor } from "~/modules/access/principal.server";
import { clearToastHeader, readToast } from "~/modules/toast/toast.server";
import { clientIpContext, toastContext } from "./context";

/** Builds the principal once per request (DESIGN 15). */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(principalContext, await principalFor(getDb(), request, context.get(clientIpContext) || null));
  return next();
};

/** Reads the flash toast once and clears it, unless the response sets a new one. */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const toast = request.method === "GET" ? readToast(request) : null;
  context.set(toastContext, toast);
  const response = await next();
  if (toast && !response.headers.getSetCookie().some((value) => value.startsWith("toast="))) {
    response.headers.append("Set-Cookie", clearToastHeader());
  }
  return response;
};
