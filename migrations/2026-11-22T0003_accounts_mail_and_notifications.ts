import { sql, SqliteAdapter, type Kysely } from "kysely";

// Accounts, mail and notifications (DESIGN 5 and 17): the language of a user's mails and their last
// sign-in, single-use account tokens (password reset, invitation), the mail outbox's delivery state, and
// the kind of a notification.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

  await db.schema.alterTable("users").addColumn("locale", "text", (c) => c.notNull().defaultTo("ar")).execute();
  await db.schema.alterTable("users").addColumn("last_sign_in_at", "text").execute();

  await db.schema
    .createTable("account_tokens")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('RESET_PASSWORD','INVITE')`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("account_tokens_user_idx").on("account_tokens").columns(["user_id", "purpose"]).execute();

  await db.schema.alterTable("notifications").addColumn("kind", "text").execute();

  // `body` stays the plain-text part.
  await db.schema.alterTable("email_outbox").addColumn("html", "text").execute();
  await db.schema.alterTable("email_outbox").addColumn("locale", "text", (c) => c.notNull().defaultTo("ar")).execute();
  await db.schema.alterTable("email_outbox").addColumn("status", "text", (c) => c.notNull().defaultTo("PENDING")).execute();
  await db.schema.alterTable("email_outbox").addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("email_outbox").addColumn("next_attempt_at", "text", (c) => c.notNull().defaultTo(now)).execute();
  await db.schema.alterTable("email_outbox").addColumn("last_error", "text").execute();
  await db.schema.createIndex("email_outbox_due_idx").on("email_outbox").columns(["status", "next_attempt_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("email_outbox_due_idx").execute();
  for (const column of ["last_error", "next_attempt_at", "attempts", "status", "locale", "html"]) {
    await db.schema.alterTable("email_outbox").dropColumn(column).execute();
  }
  await db.schema.alterTable("notifications").dropColumn("kind").execute();
  await db.schema.dropTable("account_tokens").execute();
  await db.schema.alterTable("users").dropColumn("last_sign_in_at").execute();
  await db.schema.alterTable("users").dropColumn("locale").execute();
}
