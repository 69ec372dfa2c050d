import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { createSeededTestDb } from "~/test/db";
import { audit, SYSTEM, verifyAuditChain } from "./service.server";

let db: DB;
beforeEach(async () => {
  db = await createSeededTestDb();
});

/** What someone with the database's password could do: lift the append-only triggers and write. */
async function tamper(db: DB, statement: ReturnType<typeof sql>) {
  if (isPostgres(db)) {
    await sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`.execute(db);
    await statement.execute(db);
    await sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS audit_events_no_update`.execute(db);
    await sql`DROP TRIGGER IF EXISTS audit_events_no_delete`.execute(db);
    await statement.execute(db);
  }
}

describe("the audit chain", () => {
  it("holds over the demo data and over writes made at once", async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => audit(db, SYSTEM, { action: "test.concurrent", details: { i } })),
    );
    const { checked, broken } = await verifyAuditChain(db);
    expect(broken).toBeNull();
    const total = await db
      .selectFrom("audit_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(checked).toBe(Number(total.n));
  });

  it("names the first event changed, and the first whose predecessor was removed", async () => {
    const ids = (await db.selectFrom("audit_events").select("id").orderBy("id").execute()).map((row) => row.id);
    const [changed, removed] = [ids[10], ids[5]];
    await tamper(db, sql`UPDATE audit_events SET details = '{"note":"nothing happened"}' WHERE id = ${changed}`);
    expect((await verifyAuditChain(db)).broken).toEqual({ id: changed, reason: "changed" });
    await tamper(db, sql`DELETE FROM audit_events WHERE id = ${removed}`);
    expect((await verifyAuditChain(db)).broken).toEqual({ id: ids[6], reason: "removed-before" });
  });
});
