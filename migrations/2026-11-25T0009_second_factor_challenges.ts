import type { Kysely } from "kysely";

// Between the password and the second factor a sign-in is a row, not only a signed cookie: the cookie names
// the row by a random token (kept as its SHA-256), and the row is used once, on success, and closed when
// the user signs out or five minutes pass. A copied cookie cannot open a second session (a replay).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("second_factor_challenges")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("redirect_to", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("second_factor_challenges_user_idx").on("second_factor_challenges").column("user_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("second_factor_challenges").execute();
}
