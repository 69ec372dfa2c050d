import { pageOf, type Paging } from "~/platform/db/paging";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";

export interface NewNotification {
  userId: number;
  kind: string;
  titleEn: string;
  titleAr: string;
  bodyEn: string;
  bodyAr: string;
  link: string;
}

export async function insertNotification(db: DB, values: NewNotification) {
  await db
    .insertInto("notifications")
    .values({
      user_id: values.userId,
      kind: values.kind,
      title_en: values.titleEn,
      title_ar: values.titleAr,
      body_en: values.bodyEn,
      body_ar: values.bodyAr,
      link: values.link,
    })
    .execute();
}

/**
 * What makes a notification unread: one condition for the bell's count, here and in the session's query
 * (auth/queries.server.ts), and for marking notifications read.
 */
export const isUnread = (eb: ExpressionBuilder<Database, "notifications">) => eb("notifications.read_at", "is", null);

export async function countUnread(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where(isUnread)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listNotifications(db: DB, userId: number, paging: Paging) {
  const mine = db.selectFrom("notifications").where("user_id", "=", userId);
  return pageOf(
    mine,
    mine
      .select(["id", "kind", "title_en", "title_ar", "body_en", "body_ar", "link", "read_at", "created_at"])
      .orderBy("id", "desc"),
    paging,
  );
}

/** Marks one of the user's notifications read; returns its link (null when it is not theirs). */
export async function markNotificationRead(
  db: DB,
  userId: number,
  id: number,
  at: string,
): Promise<{ link: string | null } | null> {
  const row = await db
    .selectFrom("notifications")
    .select("link")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  await db.updateTable("notifications").set({ read_at: at }).where("id", "=", id).where(isUnread).execute();
  return row;
}

export async function markAllNotificationsRead(db: DB, userId: number, at: string) {
  await db.updateTable("notifications").set({ read_at: at }).where("user_id", "=", userId).where(isUnread).execute();
}

/** The active clerks of a client: who hears of its new requests. */
export function activeClerksOf(db: DB, clientId: number) {
  return db
    .selectFrom("clerks")
    .innerJoin("users", "users.id", "clerks.user_id")
    .select("users.id")
    .where("clerks.client_id", "=", clientId)
    .where("users.status", "=", "ACTIVE")
    .execute();
}
