import { href } from "react-router";
import type { DB } from "~/platform/db/db.server";
import { getSession } from "~/modules/auth/session.server";
import type { SessionUser } from "~/modules/auth/session-user";
import type { StaffRecord } from "~/modules/users/staff-record";
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

/**
 * Who is asking: the session's user, their staff record and their client's flags (docs/architecture.md §15), all read
 * with the session; and the unread notifications read with it (null when nobody is signed in).
 */
export async function principalFor(
  db: DB,
  request: Request,
  url: URL,
  ip: string | null,
): Promise<{ principal: Principal; unread: number | null }> {
  const session = await getSession(db, request);
  const principal = await principalOfUser(db, session?.user ?? null, ip, loginRedirectOf(url), session?.staff);
  return { principal, unread: session?.unread ?? null };
}

/**
 * The principal of a known user (or anonymous): the screens' session and the API's bearer token alike. `known`: the
 * staff record as the session's query read it; left out, it is read here.
 */
export async function principalOfUser(
  db: DB,
  user: SessionUser | null,
  ip: string | null,
  loginRedirect: string,
  known?: StaffRecord | null,
): Promise<Principal> {
  if (!user) return { ...ANONYMOUS, ip, loginRedirect };
  let staff: StaffGrant | null = null;
  if (user.role === "CLERK" || user.role === "CLIENT_ADMIN") {
    const record = known === undefined ? await findStaffRecord(db, user.id, user.role) : known;
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
