import { describe, expect, it } from "vitest";
import { createTestDb } from "~/test/db";
import { sql } from "kysely";
import { isPostgres } from "./dialect";
import { prepared, statementNameOf } from "./prepared.server";

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

  it("goes to PostgreSQL as a named statement, parsed once per connection", async () => {
    const db = await createTestDb();
    const keyOf = prepared((d: typeof db, count: number) =>
      d.selectFrom("rate_limits").select("key").where("count", "=", count),
    );
    const name = statementNameOf(keyOf(db, 1).sql);
    expect(name).toMatch(/^prepared_\d+$/);
    expect(statementNameOf("select 1")).toBeUndefined();
    if (!isPostgres(db)) return;
    // One connection for both: a transaction keeps it.
    const held = await db.transaction().execute(async (trx) => {
      await trx.executeQuery(keyOf(trx, 1));
      await trx.executeQuery(keyOf(trx, 2));
      return (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx)).rows;
    });
    expect(held.map((row) => row.name)).toContain(name);
  });
});
