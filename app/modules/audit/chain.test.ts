import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { isPostgres } from "~/platform/db/dialect";
import { createSeededTestDb } from "~/test/db";
import { chainHash, keyedChainHash } from "./chain";
import { chainedEvents, rechainAuditEvents } from "./queries.server";
import { audit, keyAuditChain, SYSTEM, verifyAuditChain } from "./service.server";

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

  it("cannot be recomputed by whoever edits the database: a chain rewritten without the key fails", async () => {
    const target = (
      await db.selectFrom("audit_events").select("id").orderBy("id").limit(1).offset(7).executeTakeFirstOrThrow()
    ).id;
    // The edit, then every hash recomputed as a plain SHA-256 chain, as anyone with the database could.
    await tamper(db, sql`UPDATE audit_events SET actor_role = 'SUPER_ADMIN' WHERE id = ${target}`);
    await rechainAuditEvents(db, chainHash);
    expect((await verifyAuditChain(db)).broken).toEqual({ id: expect.any(Number), reason: "changed" });
    // With another key (another deployment's secret), likewise.
    await rechainAuditEvents(db, (previous, row) => keyedChainHash(Buffer.alloc(32, 7), previous, row));
    expect((await verifyAuditChain(db)).broken?.reason).toBe("changed");
  });

  it("names the checkpoints a rewritten chain no longer agrees with", async () => {
    const head = await db
      .selectFrom("audit_events")
      .select(["id", "hash"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const checkpoint = { id: head.id, hash: head.hash!, source: "test" };
    expect((await verifyAuditChain(db, [checkpoint])).checkpoints).toEqual([]);
    await tamper(db, sql`DELETE FROM audit_events WHERE id = ${head.id}`);
    expect((await verifyAuditChain(db, [checkpoint])).checkpoints).toEqual([{ checkpoint, found: null }]);
  });

  it("keys, once at start, a chain written before it was keyed, if it holds; a broken one is left to be named", async () => {
    await rechainAuditEvents(db, chainHash);
    expect((await verifyAuditChain(db)).broken?.reason).toBe("changed");
    await keyAuditChain(db);
    expect((await verifyAuditChain(db)).broken).toBeNull();
    let plainRows = 0;
    for await (const row of chainedEvents(db)) if (!row.hash?.startsWith("hmac1:")) plainRows++;
    expect(plainRows).toBe(0);

    await rechainAuditEvents(db, chainHash);
    const first = (await db.selectFrom("audit_events").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    await tamper(db, sql`UPDATE audit_events SET action = 'rewritten' WHERE id = ${first}`);
    await keyAuditChain(db);
    expect((await verifyAuditChain(db)).broken).toEqual({ id: first, reason: "changed" });
  });
});
