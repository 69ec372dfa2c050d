import type { Kysely } from "kysely";

// A session opened by single sign-on whose provider said it checked a second factor (the ID token's `amr` holds `mfa`
// or `otp`) meets the two-factor policy without an enrolment here (docs/decisions/0018).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sessions")
    .addColumn("provider_mfa", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("provider_mfa").execute();
}
