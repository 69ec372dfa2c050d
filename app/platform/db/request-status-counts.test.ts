import { afterEach, describe, expect, it } from "vitest";
import { closeDb, type DB } from "./db.server";
import { migrations } from "./migrations";
import {
  countAllRequestsKept,
  countClientRequestsByStatus,
  rollUpRequestStatusDeltas,
} from "./request-status-counts.server";
import { createSeededTestDb } from "~/test/db";

/** What counting every request says, by organisation. */
async function counted(db: DB) {
  const rows = await db
    .selectFrom("document_requests")
    .select(["client_id", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["client_id", "status"])
    .execute();
  const byClient: Record<number, Record<string, number>> = {};
  for (const row of rows) (byClient[row.client_id] ??= {})[row.status] = Number(row.n);
  return byClient;
}

async function kept(db: DB, clients: number[]) {
  // The service's total, kept, is every request counted.
  const total = await db
    .selectFrom("document_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  expect(await countAllRequestsKept(db)).toBe(Number(total.n));
  const byClient: Record<number, Record<string, number>> = {};
  for (const clientId of clients) {
    const counts = await countClientRequestsByStatus(db, clientId);
    if (Object.keys(counts).length > 0) byClient[clientId] = counts;
  }
  return byClient;
}

const deltas = async (db: DB) =>
  Number(
    (
      await db
        .selectFrom("request_status_deltas")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("request counts kept by the database", () => {
  afterEach(closeDb);

  it("match counting the requests after inserts, status changes, a move and a deletion, before and after roll-ups", async () => {
    const db = await createSeededTestDb();
    const clients = [1, 2, 3, 4];
    expect(await kept(db, clients)).toEqual(await counted(db));

    const first = await db.selectFrom("document_requests").selectAll().orderBy("id").executeTakeFirstOrThrow();
    await db.updateTable("document_requests").set({ status: "REJECTED" }).where("id", "=", first.id).execute();
    const [copy] = await db
      .insertInto("document_requests")
      .values({
        beneficiary_id: first.beneficiary_id,
        client_id: first.client_id,
        document_category_id: first.document_category_id,
        status: "PENDING",
        secure_plus_enabled: 0,
        request_message: "counted",
      })
      .returning("id")
      .execute();
    expect(await kept(db, clients)).toEqual(await counted(db));

    expect(await rollUpRequestStatusDeltas(db)).toBeGreaterThan(0);
    expect(await deltas(db)).toBe(0);
    expect(await kept(db, clients)).toEqual(await counted(db));

    // A status set to itself is no change; a move to another organisation and a deletion are.
    await db.updateTable("document_requests").set({ status: "REJECTED" }).where("id", "=", first.id).execute();
    expect(await deltas(db)).toBe(0);
    await db.updateTable("document_requests").set({ client_id: 2 }).where("id", "=", copy.id).execute();
    expect(await kept(db, clients)).toEqual(await counted(db));
    await db.deleteFrom("document_requests").where("id", "=", copy.id).execute();
    expect(await kept(db, clients)).toEqual(await counted(db));
    await rollUpRequestStatusDeltas(db);
    expect(await kept(db, clients)).toEqual(await counted(db));
    expect(await rollUpRequestStatusDeltas(db)).toBe(0);
  });

  it("start from the requests already there when the migration runs", async () => {
    const db = await createSeededTestDb();
    const migration = migrations["2026-12-03T0019_request_status_counts"];
    await migration.down!(db);
    await migration.up(db);
    expect(await deltas(db)).toBe(0);
    expect(await kept(db, [1, 2, 3])).toEqual(await counted(db));
  });
});
