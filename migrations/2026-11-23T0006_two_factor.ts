import { sql, SqliteAdapter, type Kysely } from "kysely";

// Two-factor sign-in (issue 16, OWASP ASVS level 2): a user's TOTP secret (RFC 6238), set while enrolling
// and confirmed by a first code (`totp_enabled_at`), the last time step used (a code is taken once), the
// single-use recovery codes (SHA-256 only), and the policy per role. A fresh deployment requires it of the
// super, service and client admins; the demo data makes it optional. Plain types: the same on PostgreSQL.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("recovery_codes_user_idx").on("recovery_codes").column("user_id").execute();
  await db.schema
    .createTable("two_factor_policy")
    .addColumn("role", "text", (c) => c.primaryKey())
    .addColumn("required", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("two_factor_policy")
    .values(["SUPER_ADMIN", "SERVICE_ADMIN", "CLIENT_ADMIN", "CLERK", "BENEFICIARY"].map((role) => ({ role, required: ["SUPER_ADMIN", "SERVICE_ADMIN", "CLIENT_ADMIN"].includes(role) ? 1 : 0 })))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("two_factor_policy").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.alterTable("users").dropColumn("totp_last_step").execute();
  await db.schema.alterTable("users").dropColumn("totp_enabled_at").execute();
  await db.schema.alterTable("users").dropColumn("totp_secret").execute();
}
