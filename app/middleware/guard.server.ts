import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Role } from "~/db/schema";
import type { SessionUser } from "~/modules/auth/session-user";
import { areaOfPath } from "~/modules/navigation/areas";
import { userContext } from "./context";

export function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const redirectTo = url.pathname.replace(/\.data$/, "") + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
}

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = context.get(userContext);
  if (!user) throw loginRedirect(request);
  return user;
}

/** The signed-in user when their role is one of `roles`; otherwise 403 (or the login redirect). */
export function requireRole(context: Readonly<RouterContextProvider>, request: Request, roles: readonly Role[]) {
  const user = requireUser(context, request);
  if (!roles.includes(user.role)) throw data({ reason: "forbidden" }, { status: 403 });
  return user;
}

/** Area layouts: a signed-in user, of the area's role when the path is in a role area. */
export const areaGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const area = areaOfPath(new URL(request.url).pathname);
  if (area) requireRole(context, request, [area.role]);
  else requireUser(context, request);
  return next();
};
