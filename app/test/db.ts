import { sql, type Kysely, type Selectable } from "kysely";
import type { SessionUser } from "~/modules/auth/session-user";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, migrateToLatest, setDb, type DB } from "~/platform/db/db.server";
import { openSqlite } from "~/platform/db/sqlite.server";
import { isPostgres } from "~/platform/db/dialect";
import { hashPassword } from "~/modules/users/password.server";
import { insertUser } from "~/modules/users/queries.server";
import type { Database, Role } from "~/platform/db/schema";
import { fromFlag } from "~/platform/db/values";
import { created, newPostgresDatabase, onPostgres, TEMPLATE_DATABASE } from "./test-databases";

export { onPostgres } from "./test-databases";

/** A fresh, migrated database (in-memory SQLite, or PostgreSQL), installed as the app's database. */
export async function createTestDb(): Promise<DB> {
  const db = onPostgres ? await newPostgresDatabase(TEMPLATE_DATABASE) : openDatabase(":memory:");
  if (!onPostgres) await migrateToLatest(db);
  setDb(db);
  return db;
}

/**
 * What the demo data left, made once per test file: the database (a SQLite file's bytes, or a PostgreSQL
 * database to copy) and the stored files. Seeding hashes passwords and stamps PDFs (about half a second);
 * a copy takes milliseconds.
 */
let seeded: { sqliteImage: Buffer | null; postgresTemplate: string | null; files: string } | null = null;

/** The last audit event the demo data wrote (it is made through the services, so it has a trail of its own). */
let lastSeedEvent = 0;

async function seedOnce() {
  // Imported here, not above: the demo data reaches every service, and most test files never seed (a second each).
  const { seedDemoData } = await import("~/modules/demo/seed.server");
  const db = await createTestDb();
  await seedDemoData(db);
  const last = await db
    .selectFrom("audit_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  lastSeedEvent = Number(last?.id ?? 0);
  const files = fs.mkdtempSync(path.join(os.tmpdir(), "attest-seeded-files-"));
  fs.cpSync(process.env.STORAGE_DIR!, files, { recursive: true });
  if (onPostgres) {
    // The test's database becomes the file's template: nothing may be connected to it when it is copied.
    const template = created.pop()!;
    await db.destroy();
    return { sqliteImage: null, postgresTemplate: template, files };
  }
  const image = path.join(files, "..", `${path.basename(files)}.db`);
  await sql`vacuum into ${image}`.execute(db);
  await db.destroy();
  const sqliteImage = fs.readFileSync(image);
  fs.rmSync(image);
  return { sqliteImage, postgresTemplate: null, files };
}

/**
 * A fresh database with the demo data, installed as the app's database, and a fresh file store holding the
 * demo files: the same as createTestDb() then seedDemoData(), copied from a seed made once per test file.
 */
export async function createSeededTestDb(): Promise<DB> {
  seeded ??= await seedOnce();
  process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "attest-files-"));
  fs.cpSync(seeded.files, process.env.STORAGE_DIR, { recursive: true });
  const db = seeded.sqliteImage
    ? openSqlite(":memory:", seeded.sqliteImage)
    : await newPostgresDatabase(seeded.postgresTemplate);
  setDb(db);
  return db;
}

/** The audit events of `action` that the test wrote (after the demo data's own). */
export async function auditEventsSinceSeed(db: DB, action: string) {
  return db
    .selectFrom("audit_events")
    .selectAll()
    .where("action", "=", action)
    .where("id", ">", lastSeedEvent)
    .orderBy("id")
    .execute();
}

/** A fresh database without any migration (the migrations' own tests). Not installed as the app's. */
export async function createEmptyTestDb(): Promise<DB> {
  return onPostgres ? newPostgresDatabase(null) : openDatabase(":memory:");
}

/** The names of the indexes on a table, on either database. */
export async function indexNames(db: DB, table?: string): Promise<string[]> {
  const rows = isPostgres(db)
    ? await sql<{
        name: string;
      }>`select indexname as name from pg_indexes where schemaname = current_schema() and (${table ?? null}::text is null or tablename = ${table ?? null})`.execute(
        db,
      )
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and name not like 'sqlite_%' and (${table ?? null} is null or tbl_name = ${table ?? null})`.execute(
        db,
      );
  return rows.rows.map((row) => row.name);
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
  const clientColumns = [
    "clients.id",
    "clients.name_en",
    "clients.name_ar",
    "clients.can_do_sincera",
    "clients.can_do_attestation",
  ] as const;
  const staff =
    (await db
      .selectFrom("clerks")
      .innerJoin("clients", "clients.id", "clerks.client_id")
      .select(clientColumns)
      .where("clerks.user_id", "=", row.id)
      .executeTakeFirst()) ??
    (await db
      .selectFrom("client_admins")
      .innerJoin("clients", "clients.id", "client_admins.client_id")
      .select(clientColumns)
      .where("client_admins.user_id", "=", row.id)
      .executeTakeFirst());
  return {
    id: row.id,
    email,
    role: row.role,
    firstName: { english: row.first_name_en, arabic: row.first_name_ar },
    middleName: null,
    lastName: { english: row.last_name_en, arabic: row.last_name_ar },
    client: staff
      ? {
          id: staff.id,
          nameEn: staff.name_en,
          nameAr: staff.name_ar,
          canDoSincera: fromFlag(staff.can_do_sincera),
          canDoAttestation: fromFlag(staff.can_do_attestation),
        }
      : null,
  };
}

/** The seeded demo clerk as the audit sees an actor (docs/architecture.md §7). */
export async function demoClerkActor(db: DB) {
  const user = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", "clerk@example.com")
    .executeTakeFirstOrThrow();
  return { userId: user.id, role: "CLERK" as const, ip: null };
}

/** The one row of a table whose column holds this value (a test's look at what a post wrote); throws if none. */
export function rowWhere<Table extends keyof Database & string>(
  db: DB,
  table: Table,
  column: keyof Database[Table] & string,
  value: string | number,
): Promise<Selectable<Database[Table]>> {
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  return untyped
    .selectFrom(table as string)
    .selectAll()
    .where(column as string, "=", value)
    .executeTakeFirstOrThrow() as never;
}

/** The seeded staff and beneficiary below the super admin: whom a super admin's screen refuses. */
export const BELOW_SUPER_ADMIN = [
  "serviceadmin@example.com",
  "clientadmin@example.com",
  "clerk@example.com",
  "beneficiary@example.com",
];
