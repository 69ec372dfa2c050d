import { sql, type Kysely } from "kysely";

// One person, one national ID, and whether it was verified (docs/decisions/0022): by the national digital identity
// (method NATIONAL_ID, no staff member) or by a staff member who saw the person (IN_PERSON, who and for which
// organisation). National IDs already held by several accounts are kept and marked (nin_duplicate = 1) for the super
// admin to resolve; every other national ID is unique from here on (a partial index, the same on both databases).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("nin_duplicate", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("users").addColumn("nin_verified_at", "text").execute();
  await db.schema.alterTable("users").addColumn("nin_verified_method", "text").execute();
  await db.schema.alterTable("users").addColumn("nin_verified_by", "integer").execute();
  await db.schema.alterTable("users").addColumn("nin_verified_client_id", "integer").execute();
  await sql`UPDATE users SET nin_duplicate = 1 WHERE nin IN
    (SELECT nin FROM users WHERE nin IS NOT NULL GROUP BY nin HAVING count(*) > 1)`.execute(db);
  await sql`CREATE UNIQUE INDEX users_nin_unique_idx ON users (nin) WHERE nin IS NOT NULL AND nin_duplicate = 0`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX users_nin_unique_idx`.execute(db);
  for (const column of [
    "nin_verified_client_id",
    "nin_verified_by",
    "nin_verified_method",
    "nin_verified_at",
    "nin_duplicate",
  ])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
