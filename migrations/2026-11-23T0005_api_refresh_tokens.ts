import type { Kysely } from "kysely";

// The JSON API's tokens (DESIGN 18) are `sessions` rows of kind API: the row's id is the SHA-256 of the
// access token (short-lived, `expires_at`), and the refresh token that rotates the pair is kept as its
// SHA-256 too, with its own, longer expiry. Plain columns and a unique index: the same on PostgreSQL.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("refresh_hash", "text").execute();
  await db.schema.alterTable("sessions").addColumn("refresh_expires_at", "text").execute();
  await db.schema.createIndex("sessions_refresh_hash").unique().on("sessions").column("refresh_hash").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("sessions").where("kind", "=", "API").execute();
  await db.schema.dropIndex("sessions_refresh_hash").execute();
  await db.schema.alterTable("sessions").dropColumn("refresh_expires_at").execute();
  await db.schema.alterTable("sessions").dropColumn("refresh_hash").execute();
}
