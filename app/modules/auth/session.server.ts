import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import { signedCookie } from "~/platform/security/cookies.server";
import { deleteDeadSessions, deleteSession, findSessionWithUser, insertSession, touchSession } from "./queries.server";
import type { SessionUser } from "./session-user";
import type { StaffRecord } from "~/modules/users/staff-record";
import { fromFlag } from "~/platform/db/values";

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 14 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const sessionCookie = () => signedCookie("session", { maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000 });

/** Only the SHA-256 of the token is stored, so a leaked table does not leak sessions. */
export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

function readToken(request: Request): string | null {
  const token = sessionCookie().read(request.headers.get("Cookie"));
  return typeof token === "string" && token.length > 0 ? token : null;
}

/**
 * A new random session for the user; returns the Set-Cookie header. `providerMfa`: opened by single sign-on whose
 * provider checked a second factor, which meets the two-factor policy (docs/decisions/0018).
 */
export async function createUserSession(
  db: DB,
  userId: number,
  meta: { ip: string | null; userAgent: string | null; providerMfa?: boolean },
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await insertSession(db, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS).toISOString(),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    providerMfa: meta.providerMfa,
  });
  return sessionCookie().header(token);
}

/** The stored id of the request's session (the hash of its token), if it has one. */
export function sessionIdOf(request: Request): string | null {
  const token = readToken(request);
  return token ? hashToken(token) : null;
}

export async function destroyUserSession(db: DB, request: Request): Promise<string> {
  const token = readToken(request);
  if (token) await deleteSession(db, hashToken(token));
  return sessionCookie().clearHeader();
}

/** A browser's session: its user, and what its query read with it. */
export async function getSession(db: DB, request: Request, now = Date.now()): Promise<SignedInSession | null> {
  const token = readToken(request);
  return token ? sessionOfToken(db, hashToken(token), "WEB", now) : null;
}

export const getSessionUser = async (db: DB, request: Request, now = Date.now()): Promise<SessionUser | null> =>
  (await getSession(db, request, now))?.user ?? null;

/** Deletes the sessions that have ended or gone idle (a sign-in that never signed out leaves one); how many. */
export const forgetDeadSessions = (db: DB, now = Date.now()) =>
  deleteDeadSessions(db, new Date(now).toISOString(), new Date(now - SESSION_IDLE_MS).toISOString());

/**
 * A signed-in session: its user, and what the same query read for the rest of the request (docs/decisions/0021): a
 * staff member's record (null for anyone else, or a staff member without one) and their unread notifications.
 */
export interface SignedInSession {
  user: SessionUser;
  staff: StaffRecord | null;
  unread: number;
}

/**
 * The session stored under the hash of its token, of the given kind: a browser session (WEB) or an API access token
 * (API). An expired or idle session, or one of an inactive user, is deleted.
 */
export async function sessionOfToken(
  db: DB,
  sessionId: string,
  kind: "WEB" | "API",
  now = Date.now(),
): Promise<SignedInSession | null> {
  const row = await findSessionWithUser(db, sessionId);
  if (!row || row.kind !== kind) return null;
  const lastSeen = Date.parse(row.last_seen_at);
  // An API row outlives its 15-minute access token: it holds the refresh token, which ends it when used.
  if (kind === "API" && row.status === "ACTIVE" && Date.parse(row.expires_at) <= now) return null;
  if (Date.parse(row.expires_at) <= now || now - lastSeen > SESSION_IDLE_MS || row.status !== "ACTIVE") {
    await deleteSession(db, row.session_id);
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) await touchSession(db, row.session_id, new Date(now).toISOString());
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: { english: row.first_name_en, arabic: row.first_name_ar },
    middleName:
      row.middle_name_en || row.middle_name_ar
        ? { english: row.middle_name_en ?? "", arabic: row.middle_name_ar ?? "" }
        : null,
    lastName: { english: row.last_name_en, arabic: row.last_name_ar },
    calendar: row.calendar,
    client: null,
    mustEnrolTwoFactor: fromFlag(row.two_factor_required) && !row.totp_enabled_at && !fromFlag(row.provider_mfa),
  };
  const staff: StaffRecord | null =
    row.clerk_id !== null || row.client_admin_id !== null
      ? {
          client_id: row.client_id,
          name_en: row.client_name_en,
          name_ar: row.client_name_ar,
          can_do_sincera: row.client_can_do_sincera,
          can_do_attestation: row.client_can_do_attestation,
          permissions: row.client_admin_permissions ?? "[]",
          admin_can_do_attestation: row.client_admin_can_do_attestation ?? 0,
        }
      : null;
  return { user, staff, unread: Number(row.unread ?? 0) };
}

/** The user of a stored session of the given kind, or null (see sessionOfToken). */
export const sessionUserOfToken = async (db: DB, sessionId: string, kind: "WEB" | "API", now = Date.now()) =>
  (await sessionOfToken(db, sessionId, kind, now))?.user ?? null;
