import type { SessionUser } from "~/modules/auth/session-user";
import { openDatabase, migrateToLatest, setDb, type DB } from "~/db/db.server";
import { hashPassword } from "~/modules/users/password.server";
import { insertUser } from "~/modules/users/queries.server";
import type { Role } from "~/db/schema";

/** A fresh, migrated in-memory SQLite database, installed as the app's database. */
export async function createTestDb(): Promise<DB> {
  const db = openDatabase(":memory:");
  await migrateToLatest(db);
  setDb(db);
  return db;
}

export async function createUser(
  db: DB,
  values: { email: string; password?: string; role?: Role; status?: "ACTIVE" | "INACTIVE" },
) {
  return insertUser(db, {
    email: values.email,
    password_hash: await hashPassword(values.password ?? "Secret-Pass-1"),
    role: values.role ?? "BENEFICIARY",
    status: values.status ?? "ACTIVE",
    first_name_en: "Test",
    first_name_ar: "تجربة",
    last_name_en: "User",
    last_name_ar: "مستخدم",
  });
}

/** The signed-in user of a test request (with a clerk's or client admin's client), as the session middleware reads them. */
export async function sessionUserOf(db: DB, email: string): Promise<SessionUser> {
  const row = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  const clientColumns = ["clients.id", "clients.name_en", "clients.name_ar", "clients.can_do_sincera", "clients.can_do_attestation"] as const;
  const staff =
    (await db.selectFrom("clerks").innerJoin("clients", "clients.id", "clerks.client_id").select(clientColumns).where("clerks.user_id", "=", row.id).executeTakeFirst()) ??
    (await db.selectFrom("client_admins").innerJoin("clients", "clients.id", "client_admins.client_id").select(clientColumns).where("client_admins.user_id", "=", row.id).executeTakeFirst());
  return {
    id: row.id,
    email,
    role: row.role,
    firstName: { english: row.first_name_en, arabic: row.first_name_ar },
    middleName: null,
    lastName: { english: row.last_name_en, arabic: row.last_name_ar },
    client: staff ? { id: staff.id, nameEn: staff.name_en, nameAr: staff.name_ar, canDoSincera: staff.can_do_sincera === 1, canDoAttestation: staff.can_do_attestation === 1 } : null,
  };
}
