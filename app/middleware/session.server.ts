import type { MiddlewareFunction } from "react-router";
import { getDb } from "~/db/db.server";
import { getSessionUser } from "~/modules/auth/session.server";
import { clearToastHeader, readToast } from "~/modules/toast/toast.server";
import { toastContext, userContext } from "./context";

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(userContext, await getSessionUser(getDb(), request));
  return next();
};

/** Reads the flash toast once and clears it, unless the response sets a new one. */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const toast = request.method === "GET" ? await readToast(request) : null;
  context.set(toastContext, toast);
  const response = await next();
  if (toast && !response.headers.getSetCookie().some((value) => value.startsWith("toast="))) {
    response.headers.append("Set-Cookie", await clearToastHeader());
  }
  return response;
};
