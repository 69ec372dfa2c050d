import type { DB } from "~/db/db.server";
import { prepared } from "~/db/prepared.server";

export async function insertSession(
  db: DB,
  session: { id: string; userId: number; expiresAt: string; ip: string | null; userAgent: string | null },
) {
  const now = new Date().toISOString();
  await db
    .insertInto("sessions")
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      last_seen_at: now,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

// Prepared: every signed-in request reads its session (DESIGN 11).
const sessionWithUser = prepared((db: DB, sessionId: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as session_id",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "users.id",
      "users.email",
      "users.role",
      "users.status",
      "users.first_name_en",
      "users.first_name_ar",
      "users.middle_name_en",
      "users.middle_name_ar",
      "users.last_name_en",
      "users.last_name_ar",
    ])
    .where("sessions.id", "=", sessionId),
);

export async function findSessionWithUser(db: DB, sessionId: string) {
  return (await db.executeQuery(sessionWithUser(db, sessionId))).rows[0];
}

export async function touchSession(db: DB, sessionId: string, at: string) {
  await db.updateTable("sessions").set({ last_seen_at: at }).where("id", "=", sessionId).execute();
}

export async function deleteSession(db: DB, sessionId: string) {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
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
