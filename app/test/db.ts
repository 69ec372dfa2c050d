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
