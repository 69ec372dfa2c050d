import type { Kysely } from "kysely";

// Every audit event names the request that made it (docs/decisions/0017): a complaint's reference leads to the log
// line and the change alike. Null for what no request made (jobs, the command line, the demo data).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_events").addColumn("request_id", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_events").dropColumn("request_id").execute();
}
