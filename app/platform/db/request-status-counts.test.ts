import { afterEach, describe, expect, it } from "vitest";
import { closeDb, type DB } from "./db.server";
import { migrations } from "./migrations";
import {
  countAllRequestsKept,
  countKeptRequestsByStatus,
  rollUpRequestStatusDeltas,
} from "./request-status-counts.server";
import { createSeededTestDb } from "~/test/db";

type ByStatus = Record<string, number>;

/** What counting every request says: by organisation, by category, and by category within its organisation. */
async function counted(db: DB) {
  const rows = await db
    .selectFrom("document_requests")
    .select(["client_id", "document_category_id", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["client_id", "document_category_id", "status"])
    .execute();
  const byClient: Record<number, ByStatus> = {};
  const byCategory: Record<number, ByStatus> = {};
  const byClientCategory: Record<string, ByStatus> = {};
  const add = (counts: ByStatus, status: string, n: number) => (counts[status] = (counts[status] ?? 0) + n);
  for (const row of rows) {
    add((byClient[row.client_id] ??= {}), row.status, Number(row.n));
    add((byCategory[row.document_category_id] ??= {}), row.status, Number(row.n));
    add((byClientCategory[`${row.client_id} ${row.document_category_id}`] ??= {}), row.status, Number(row.n));
  }
  return { byClient, byCategory, byClientCategory };
}

/** What the kept counts say for the same organisations and categories (those with requests, and none other). */
async function kept(db: DB, clients: number[]) {
  // The service's total, kept, is every request counted.
  const total = await db
    .selectFrom("document_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  expect(await countAllRequestsKept(db)).toBe(Number(total.n));
  const categories = await db.selectFrom("document_categories").select("id").execute();
  const byClient: Record<number, ByStatus> = {};
  const byCategory: Record<number, ByStatus> = {};
  const byClientCategory: Record<string, ByStatus> = {};
  const nonEmpty = (counts: ByStatus) => Object.keys(counts).length > 0;
  for (const clientId of clients) {
    const counts = await countKeptRequestsByStatus(db, { clientId });
    if (nonEmpty(counts)) byClient[clientId] = counts;
  }
  for (const category of categories) {
    const counts = await countKeptRequestsByStatus(db, { categoryId: category.id });
    if (nonEmpty(counts)) byCategory[category.id] = counts;
    // A request moved to another organisation keeps its category: every organisation is asked with it.
    for (const clientId of clients) {
      const within = await countKeptRequestsByStatus(db, { clientId, categoryId: category.id });
      if (nonEmpty(within)) byClientCategory[`${clientId} ${category.id}`] = within;
    }
  }
  return { byClient, byCategory, byClientCategory };
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

    // A status set to itself is no change; a move to another organisation or category and a deletion are.
    await db.updateTable("document_requests").set({ status: "REJECTED" }).where("id", "=", first.id).execute();
    expect(await deltas(db)).toBe(0);
    await db.updateTable("document_requests").set({ client_id: 2 }).where("id", "=", copy.id).execute();
    expect(await kept(db, clients)).toEqual(await counted(db));
    const otherCategory = await db
      .selectFrom("document_categories")
      .select("id")
      .where("id", "!=", first.document_category_id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("document_requests")
      .set({ document_category_id: otherCategory.id })
      .where("id", "=", copy.id)
      .execute();
    expect(await kept(db, clients)).toEqual(await counted(db));
    await db.deleteFrom("document_requests").where("id", "=", copy.id).execute();
    expect(await kept(db, clients)).toEqual(await counted(db));
    await rollUpRequestStatusDeltas(db);
    expect(await kept(db, clients)).toEqual(await counted(db));
    expect(await rollUpRequestStatusDeltas(db)).toBe(0);
  });

  it("start from the requests already there when the migration runs, and go back to counts by organisation", async () => {
    const db = await createSeededTestDb();
    const migration = migrations["2026-12-07T0024_request_counts_by_category"];
    await db.updateTable("document_requests").set({ status: "REJECTED" }).where("status", "=", "PENDING").execute();
    await migration.down!(db);
    const byOrganisation = await db
      .selectFrom("request_status_counts")
      .select(["client_id", "status", "n"])
      .orderBy("client_id")
      .orderBy("status")
      .execute();
    const { byClient } = await counted(db);
    expect(byOrganisation.map((row) => [row.client_id, row.status, Number(row.n)])).toEqual(
      Object.entries(byClient).flatMap(([clientId, counts]) =>
        Object.entries(counts)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([status, n]) => [Number(clientId), status, n]),
      ),
    );
    await migration.up(db);
    expect(await deltas(db)).toBe(0);
    expect(await kept(db, [1, 2, 3, 4])).toEqual(await counted(db));
  });
});
