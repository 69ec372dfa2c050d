import crypto from "node:crypto";
import { sql, SqliteAdapter, type Kysely } from "kysely";

// Every audit event carries the hash of the one before it (docs/architecture.md §22): `npm run audit:verify` names
// the first event changed or removed. The events written before this migration are chained here, in id order, with
// the hash function of app/modules/audit/chain.ts as it is today (a landed migration keeps what it did).
const hashOf = (previous: string | null, row: Record<string, unknown>) =>
  crypto
    .createHash("sha256")
    .update(
      JSON.stringify([
        previous,
        row.at,
        row.actor_user_id,
        row.actor_role,
        row.client_id,
        row.action,
        row.entity_type,
        row.entity_id,
        row.ip,
        row.details,
        row.request_id,
      ]),
    )
    .digest("hex");

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.alterTable("audit_events").addColumn("previous_hash", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("hash", "text").execute();
  // The append-only trigger is lifted for this one pass over the events already written.
  if (isSqlite) await sql`DROP TRIGGER audit_events_no_update`.execute(db);
  else await sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`.execute(db);
  let previous: string | null = null;
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom("audit_events").selectAll().where("id", ">", after).orderBy("id").limit(500).execute();
    for (const row of rows) {
      const hash = hashOf(previous, row);
      await db.updateTable("audit_events").set({ previous_hash: previous, hash }).where("id", "=", row.id).execute();
      previous = hash;
      after = row.id;
    }
    if (rows.length < 500) break;
  }
  if (isSqlite)
    await sql`CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
      BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`.execute(db);
  else await sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_events").dropColumn("hash").execute();
  await db.schema.alterTable("audit_events").dropColumn("previous_hash").execute();
}
