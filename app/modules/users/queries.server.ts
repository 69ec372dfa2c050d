import { insertRow, updateRow, findRow } from "~/platform/db/rows";
import type { DB } from "~/platform/db/db.server";
import { prepared } from "~/platform/db/prepared.server";
import type { NewUser, Role } from "~/platform/db/schema";
import type { StaffRecord } from "./staff-record";
import { nowIso } from "~/platform/db/values";

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: DB, id: number) {
  return findRow(db, "users", id);
}

/** Whether another account holds this national ID (docs/decisions/0022: one person, one national ID). */
export async function ninTaken(db: DB, nin: string, exceptUserId?: number) {
  let query = db.selectFrom("users").select("id").where("nin", "=", nin);
  if (exceptUserId !== undefined) query = query.where("id", "!=", exceptUserId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertUser(db: DB, user: NewUser): Promise<number> {
  return insertRow(db, "users", { ...user, email: user.email.trim().toLowerCase() });
}

/** The client a staff member works for: who it is and what it may do. */
const STAFF_CLIENT = [
  "clients.id as client_id",
  "clients.name_en",
  "clients.name_ar",
  "clients.can_do_sincera",
  "clients.can_do_attestation",
] as const;

/** A clerk's or client admin's record with their client's flags (the client is null until assigned). */
// Prepared: every signed-in staff request reads its staff record (docs/architecture.md §11).
const clerkRecord = prepared((db: DB, userId: number) =>
  db
    .selectFrom("clerks")
    .leftJoin("clients", "clients.id", "clerks.client_id")
    .select(STAFF_CLIENT)
    .where("clerks.user_id", "=", userId),
);
const clientAdminRecord = prepared((db: DB, userId: number) =>
  db
    .selectFrom("client_admins")
    .leftJoin("clients", "clients.id", "client_admins.client_id")
    .select([
      ...STAFF_CLIENT,
      "client_admins.permissions",
      "client_admins.can_do_attestation as admin_can_do_attestation",
    ])
    .where("client_admins.user_id", "=", userId),
);

export async function findStaffRecord(db: DB, userId: number, role: Role): Promise<StaffRecord | undefined> {
  if (role === "CLERK") {
    const row = (await db.executeQuery(clerkRecord(db, userId))).rows[0];
    return row ? { ...row, permissions: "[]", admin_can_do_attestation: 0 } : undefined;
  }
  if (role === "CLIENT_ADMIN") return (await db.executeQuery(clientAdminRecord(db, userId))).rows[0];
  return undefined;
}

/** The organisation a clerk or client admin works for (null for anyone else, or before one is assigned). */
export async function staffClientIdOf(db: DB, user: { id: number; role: Role } | undefined) {
  return user ? ((await findStaffRecord(db, user.id, user.role))?.client_id ?? null) : null;
}

export async function updatePasswordHash(db: DB, userId: number, passwordHash: string) {
  await updateRow(db, "users", userId, { password_hash: passwordHash });
}

export async function updateUserProfile(
  db: DB,
  userId: number,
  values: Pick<
    NewUser,
    | "first_name_en"
    | "first_name_ar"
    | "father_name_en"
    | "father_name_ar"
    | "middle_name_en"
    | "middle_name_ar"
    | "last_name_en"
    | "last_name_ar"
    | "phone"
    | "locale"
    | "calendar"
  >,
) {
  await updateRow(db, "users", userId, values);
}

export async function recordSignIn(db: DB, userId: number) {
  await db.updateTable("users").set({ last_sign_in_at: nowIso() }).where("id", "=", userId).execute();
}

/** A clerk's link to their client (people, and single sign-on when it lets a new clerk in). */
export async function insertClerkRecord(db: DB, userId: number, values: { clientId: number; jobTitle: string | null }) {
  await db
    .insertInto("clerks")
    .values({ user_id: userId, client_id: values.clientId, job_title: values.jobTitle })
    .execute();
}
