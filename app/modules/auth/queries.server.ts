import type { DB } from "~/platform/db/db.server";
import type { AccountTokenPurpose } from "~/platform/db/schema";
import { prepared } from "~/platform/db/prepared.server";
import { nowIso } from "~/platform/db/values";
import { isUnread } from "~/modules/notifications/queries.server";

type NewSession = {
  id: string;
  userId: number;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  providerMfa?: boolean;
};

/** A browser's session, or (with its refresh token) an API token pair (docs/architecture.md §18). */
export async function insertSession(
  db: DB,
  session: NewSession & { api?: { refreshHash: string; refreshExpiresAt: string } },
) {
  await db
    .insertInto("sessions")
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      last_seen_at: nowIso(),
      ip: session.ip,
      user_agent: session.userAgent,
      provider_mfa: session.providerMfa ? 1 : 0,
      ...(session.api
        ? { kind: "API", refresh_hash: session.api.refreshHash, refresh_expires_at: session.api.refreshExpiresAt }
        : {}),
    })
    .execute();
}

/** Who a session's user is, as every signed-in request knows them. */
const SESSION_USER = [
  "users.id",
  "users.email",
  "users.role",
  "users.status",
  "users.calendar",
  "users.first_name_en",
  "users.first_name_ar",
  "users.middle_name_en",
  "users.middle_name_ar",
  "users.last_name_en",
  "users.last_name_ar",
] as const;

/**
 * Every signed-in request reads its session, and with it, in the same query, what the request needs next: a staff
 * member's record with their client's flags, and the unread notifications the shell's bell counts. One round trip
 * instead of three on every staff page (docs/decisions/0021). Prepared (docs/architecture.md §11).
 */
const sessionWithUser = prepared((db: DB, sessionId: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("two_factor_policy", "two_factor_policy.role", "users.role")
    .leftJoin("clerks", (join) => join.onRef("clerks.user_id", "=", "users.id").on("users.role", "=", "CLERK"))
    .leftJoin("client_admins", (join) =>
      join.onRef("client_admins.user_id", "=", "users.id").on("users.role", "=", "CLIENT_ADMIN"),
    )
    .leftJoin("clients", (join) =>
      join.on((eb) => eb("clients.id", "=", eb.fn.coalesce("clerks.client_id", "client_admins.client_id"))),
    )
    .select((eb) => [
      ...SESSION_USER,
      "sessions.id as session_id",
      "sessions.kind",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "sessions.provider_mfa",
      "users.totp_enabled_at",
      "two_factor_policy.required as two_factor_required",
      "clerks.id as clerk_id",
      "client_admins.id as client_admin_id",
      "clients.id as client_id",
      "clients.name_en as client_name_en",
      "clients.name_ar as client_name_ar",
      "clients.can_do_sincera as client_can_do_sincera",
      "clients.can_do_attestation as client_can_do_attestation",
      "client_admins.permissions as client_admin_permissions",
      "client_admins.can_do_attestation as client_admin_can_do_attestation",
      eb
        .selectFrom("notifications")
        .select((count) => count.fn.countAll<number>().as("unread"))
        .whereRef("notifications.user_id", "=", "users.id")
        .where(isUnread)
        .as("unread"),
    ])
    .where("sessions.id", "=", sessionId),
);

export async function findSessionWithUser(db: DB, sessionId: string) {
  return (await db.executeQuery(sessionWithUser(db, sessionId))).rows[0];
}

/** Takes the API session a refresh token belongs to, if still usable: one use, even for two calls at once. */
export async function takeApiSessionByRefresh(db: DB, refreshHash: string, at: string) {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id", "sessions.user_id"])
    .where("sessions.refresh_hash", "=", refreshHash)
    .where("sessions.kind", "=", "API")
    .where("sessions.refresh_expires_at", ">", at)
    .where("users.status", "=", "ACTIVE")
    .executeTakeFirst();
  if (!row) return null;
  const deleted = await db.deleteFrom("sessions").where("id", "=", row.id).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row : null;
}

export async function touchSession(db: DB, sessionId: string, at: string) {
  await db.updateTable("sessions").set({ last_seen_at: at }).where("id", "=", sessionId).execute();
}

export async function deleteSession(db: DB, sessionId: string) {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/**
 * Deletes the sessions nobody can use any more (the retention sweep): a browser's past its end or idle since
 * `idleBeforeIso`, an API one whose refresh token (or, without one, its access token) has run out.
 */
export async function deleteDeadSessions(db: DB, nowIso: string, idleBeforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb.and([
          eb("kind", "=", "WEB"),
          eb.or([eb("expires_at", "<", nowIso), eb("last_seen_at", "<", idleBeforeIso)]),
        ]),
        eb.and([
          eb("kind", "=", "API"),
          eb.or([
            eb("refresh_expires_at", "<", nowIso),
            eb.and([eb("refresh_expires_at", "is", null), eb("expires_at", "<", nowIso)]),
          ]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserSessions(db: DB, userId: number) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export function countSessions(db: DB, userId: number) {
  return db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export async function insertAccountToken(
  db: DB,
  values: { userId: number; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: string },
) {
  await db
    .insertInto("account_tokens")
    .values({
      user_id: values.userId,
      purpose: values.purpose,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** The user's unused links of a purpose stop working (a new invitation sent; a password chosen). */
export async function retireAccountTokens(db: DB, userId: number, purpose: AccountTokenPurpose, at: string) {
  await db
    .updateTable("account_tokens")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

export function findUsableAccountToken(db: DB, tokenHash: string, at: string) {
  return db
    .selectFrom("account_tokens")
    .select(["id", "user_id", "purpose"])
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .executeTakeFirst();
}

/** Marks the token used if it still was usable: one use, even for two requests at once. */
export async function markAccountTokenUsed(db: DB, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("account_tokens")
    .set({ used_at: at })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUserSessionsExcept(db: DB, userId: number, keepSessionId: string | null) {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId) query = query.where("id", "!=", keepSessionId);
  await query.execute();
}
