import { afterEach, describe, expect, it } from "vitest";
import { closeDb, type DB } from "~/platform/db/db.server";
import { rollUpRequestStatusDeltas } from "~/platform/db/request-status-counts.server";
import type { RequestStatus } from "~/platform/db/schema";
import { createSeededTestDb } from "~/test/db";
import { listRequests } from "./staff-queries.server";

/**
 * A list that narrows an organisation's or a category's requests by nothing but status reads its counts from those
 * the database keeps (docs/decisions/0021). The same list with a date bound that selects the same rows counts them:
 * both must answer the same total and the same page, at the work queue's turn from pending to the rest too.
 */
async function bothWays(
  db: DB,
  filter: {
    clientId?: number;
    categoryId?: number;
    status?: RequestStatus;
    order: "queue" | "newest";
    page: number;
    size: number;
  },
) {
  const kept = await listRequests(db, filter);
  const counted = await listRequests(db, { from: "2000-01-01T00:00:00.000Z", ...filter });
  expect(kept.total, JSON.stringify(filter)).toBe(counted.total);
  expect(
    kept.rows.map((row) => row.id),
    JSON.stringify(filter),
  ).toEqual(counted.rows.map((row) => row.id));
  return kept;
}

describe("staff request lists", () => {
  afterEach(closeDb);

  it("read their counts from the kept counts and answer what counting answers", async () => {
    const db = await createSeededTestDb();
    const check = async () => {
      const pending = Number(
        (
          await db
            .selectFrom("document_requests")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("client_id", "=", 1)
            .where("status", "=", "PENDING")
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(pending).toBeGreaterThan(0);
      // Every page of two rows around the queue's turn, each order, with and without a status: the organisation's
      // list, a category's within it (a clerk's) and the category's alone (the service's administrator's).
      const category = await db
        .selectFrom("document_requests")
        .select("document_category_id")
        .where("client_id", "=", 1)
        .executeTakeFirstOrThrow();
      const scopes = [
        { clientId: 1 },
        { clientId: 1, categoryId: category.document_category_id },
        { categoryId: category.document_category_id },
      ];
      for (const scope of scopes)
        for (const order of ["queue", "newest"] as const)
          for (const status of [undefined, "PENDING", "APPROVED", "COMPLETED"] as const)
            for (const page of [0, Math.floor(pending / 2), Math.floor(pending / 2) + 1])
              await bothWays(db, { ...scope, order, status, page, size: 2 });
    };
    await check();
    // A request added and one moved on since the last roll-up (deltas not yet folded), then after one.
    const first = await db
      .selectFrom("document_requests")
      .selectAll()
      .where("client_id", "=", 1)
      .where("status", "=", "PENDING")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("document_requests").set({ status: "APPROVED" }).where("id", "=", first.id).execute();
    await db
      .insertInto("document_requests")
      .values({
        beneficiary_id: first.beneficiary_id,
        client_id: 1,
        document_category_id: first.document_category_id,
        status: "PENDING",
        secure_plus_enabled: 0,
        request_message: "kept",
      })
      .execute();
    await check();
    await rollUpRequestStatusDeltas(db);
    await check();
  });
});
