import { href } from "react-router";
import type { DB } from "~/platform/db/db.server";
import { getSessionUser } from "~/modules/auth/session.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { findStaffRecord } from "~/modules/users/queries.server";
import { parsePermissions, type StaffGrant } from "./capabilities";
import { ANONYMOUS } from "./context";
import { buildPrincipal, type Principal } from "./principal";
import { fromFlag } from "~/platform/db/values";

/** `url` is React Router's, without its data requests' `.data` and query parameters. */
function loginRedirectOf(url: URL) {
  const back = url.pathname + url.search;
  return `${href("/login")}?redirectTo=${encodeURIComponent(back)}`;
}

/** Who is asking: the session's user, their staff record and their client's flags (docs/architecture.md §15). */
export async function principalFor(db: DB, request: Request, url: URL, ip: string | null): Promise<Principal> {
  return principalOfUser(db, await getSessionUser(db, request), ip, loginRedirectOf(url));
}

/** The principal of a known user (or anonymous): the screens' session and the API's bearer token alike. */
export async function principalOfUser(
  db: DB,
  user: SessionUser | null,
  ip: string | null,
  loginRedirect: string,
): Promise<Principal> {
  if (!user) return { ...ANONYMOUS, ip, loginRedirect };
  let staff: StaffGrant | null = null;
  if (user.role === "CLERK" || user.role === "CLIENT_ADMIN") {
    const record = await findStaffRecord(db, user.id, user.role);
    staff = {
      clientId: record?.client_id ?? null,
      clientCanDoSincera: fromFlag(record?.can_do_sincera),
      clientCanDoAttestation: fromFlag(record?.can_do_attestation),
      permissions: parsePermissions(record?.permissions ?? "[]"),
      canDoAttestation: fromFlag(record?.admin_can_do_attestation),
    };
    if (record?.client_id) {
      user.client = {
        id: record.client_id,
        nameEn: record.name_en ?? "",
        nameAr: record.name_ar ?? "",
        canDoSincera: staff.clientCanDoSincera,
        canDoAttestation: staff.clientCanDoAttestation,
      };
    }
  }
  return buildPrincipal(user, staff, ip, loginRedirect);
}
