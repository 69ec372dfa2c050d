import { data } from "react-router";
import type { SessionUser } from "~/modules/auth/session-user";

/**
 * Which requests a staff user may see: a clerk or client admin only their client's; super and service
 * admins all. Beneficiaries have no staff scope (403).
 */
export interface StaffScope {
  clientId?: number;
  /** Service admins look; they do not change requests. */
  canManage: boolean;
  isSuperAdmin: boolean;
}

export function staffScopeOf(user: SessionUser): StaffScope {
  switch (user.role) {
    case "SUPER_ADMIN":
      return { canManage: true, isSuperAdmin: true };
    case "SERVICE_ADMIN":
      return { canManage: false, isSuperAdmin: false };
    case "CLERK":
    case "CLIENT_ADMIN":
      // Staff without a client see nothing rather than everything.
      return { clientId: user.client?.id ?? -1, canManage: true, isSuperAdmin: false };
    default:
      throw data({ reason: "forbidden" }, { status: 403 });
  }
}

export function requireManage(scope: StaffScope) {
  if (!scope.canManage) throw data({ reason: "forbidden" }, { status: 403 });
}

/** Where the request screens of the area live (one implementation mounted in several areas). */
export function requestsBaseOf(pathname: string): string {
  if (pathname.startsWith("/super-admin/")) return "/super-admin/document-categories-management";
  if (pathname.startsWith("/service-admin/")) return "/service-admin/clients-management";
  if (pathname.startsWith("/client-admin/")) return "/client-admin/document-categories";
  if (pathname.startsWith("/clerks/")) return "/clerks/document-categories";
  return "/document-categories";
}

/** The shared dashboard group mounts the issue screen as `request/{id}/issue` (spec section 2). */
export const issueHrefOf = (base: string, id: number) =>
  base === "/document-categories" ? `${base}/request/${id}/issue` : `${base}/request/issue/${id}`;

/** The list a request detail returns to: its category's requests, or (service admins) its client's. */
export const requestListHrefOf = (base: string, request: { client_id: number; document_category_id: number }) =>
  base === "/service-admin/clients-management" ? `${base}/requests/${request.client_id}` : `${base}/requests/${request.document_category_id}`;
