import type { Role } from "~/platform/db/schema";
import type { SessionUser } from "~/modules/auth/session-user";
import { capabilitiesOf, type Capability, type StaffGrant } from "./capabilities";

/** Whose data a principal reaches: everything, one client's, their own, or nothing yet. */
export type Scope =
  { kind: "all" } | { kind: "client"; clientId: number } | { kind: "own"; userId: number } | { kind: "none" };

/** Who is asking, built once per request (docs/architecture.md §15). Nothing else reads the session to decide access. */
export interface Principal {
  user: SessionUser | null;
  userId: number | null;
  role: Role | null;
  clientId: number | null;
  scope: Scope;
  capabilities: ReadonlySet<Capability>;
  /** For the audit trail. */
  ip: string | null;
  /** Where an anonymous user goes to sign in and come back. */
  loginRedirect: string;
}

/** Anything that belongs to a client or a beneficiary (requests, categories, files, attestations...). */
export interface Scoped {
  client_id?: number | null;
  beneficiary_id?: number | null;
}

export function inScope(principal: Principal, resource: Scoped): boolean {
  const scope = principal.scope;
  switch (scope.kind) {
    case "all":
      return true;
    case "client":
      return resource.client_id != null && resource.client_id === scope.clientId;
    case "own":
      return resource.beneficiary_id != null && resource.beneficiary_id === scope.userId;
    case "none":
      return false;
  }
}

/** The filter list queries take: a client's rows, a beneficiary's rows, or all (nothing for "none"). */
export function scopeFilter(principal: Principal): { clientId?: number; beneficiaryId?: number } {
  const scope = principal.scope;
  if (scope.kind === "client") return { clientId: scope.clientId };
  if (scope.kind === "own") return { beneficiaryId: scope.userId };
  if (scope.kind === "none") return { clientId: -1 };
  return {};
}

/** A principal past a permission check (every capability but signing in needs a signed-in user). */
export type SignedIn = Principal & { user: SessionUser; userId: number; role: Role };

/** The principal of a signed-in user, from their staff record (clerks and client admins) and their client's flags. */
export function buildPrincipal(
  user: SessionUser,
  staff: StaffGrant | null,
  ip: string | null,
  loginRedirect: string,
): SignedIn {
  const clientId = staff?.clientId ?? null;
  const scope: Scope =
    user.role === "SUPER_ADMIN" || user.role === "SERVICE_ADMIN"
      ? { kind: "all" }
      : user.role === "BENEFICIARY"
        ? { kind: "own", userId: user.id }
        : clientId
          ? { kind: "client", clientId }
          : { kind: "none" };
  return {
    user,
    userId: user.id,
    role: user.role,
    clientId,
    scope,
    capabilities: capabilitiesOf(user.role, staff),
    ip,
    loginRedirect,
  };
}

export const can = (principal: Principal, capability: Capability) => principal.capabilities.has(capability);
