import { describe, expect, it } from "vitest";
import { createTestDb } from "~/test/db";
import { prepared } from "./prepared.server";

describe("prepared queries", () => {
  it("compiles once and fills each call's values, also inside a transaction", async () => {
    const db = await createTestDb();
    await db
      .insertInto("rate_limits")
      .values([
        { key: "x", window_start: 1, count: 5 },
        { key: "y", window_start: 2, count: 7 },
      ])
      .execute();
    const countOf = prepared((d: typeof db, key: string) =>
      d.selectFrom("rate_limits").select("count").where("key", "=", key),
    );
    expect((await db.executeQuery(countOf(db, "x"))).rows).toEqual([{ count: 5 }]);
    expect((await db.executeQuery(countOf(db, "y"))).rows).toEqual([{ count: 7 }]);
    expect(countOf(db, "x").sql).toBe(countOf(db, "y").sql);
    const inTransaction = await db
      .transaction()
      .execute(async (trx) => (await trx.executeQuery(countOf(trx, "y"))).rows);
    expect(inTransaction).toEqual([{ count: 7 }]);
    expect(() => (countOf as (...args: unknown[]) => unknown)(db)).toThrow(/as many arguments/);
  });
});
