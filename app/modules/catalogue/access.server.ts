import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/db.server";
import { clientIpContext } from "~/middleware/context";
import { requireUser } from "~/middleware/guard.server";
import type { Role } from "~/db/schema";
import { requestsBaseOf, requireManage, staffScopeOf } from "~/modules/requests/scope.server";

/**
 * Catalogue screens: client admins and clerks (their client's catalogue) and super admins (all);
 * any other role gets 403.
 */
export function catalogueAccess(context: Readonly<RouterContextProvider>, request: Request) {
  const user = requireUser(context, request);
  const scope = staffScopeOf(user);
  requireManage(scope);
  return { user, scope, db: getDb(), actor: { user, ip: context.get(clientIpContext) }, base: requestsBaseOf(new URL(request.url).pathname) };
}

/** The shared field and document-type screens link back to the category in the user's own area. */
export function categoryBaseOfRole(role: Role) {
  return role === "SUPER_ADMIN" ? "/super-admin/document-categories-management" : role === "CLERK" ? "/clerks/document-categories" : "/client-admin/document-categories";
}

/** `documentCategoryId` from the URL: a positive integer, or null. */
export function categoryIdParam(request: Request) {
  const value = new URL(request.url).searchParams.get("documentCategoryId");
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
