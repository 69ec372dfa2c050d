import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { inWriteBatch } from "~/platform/db/write-batch.server";
import { createTestDb } from "~/test/db";
import { countHitIn, hit, hitsInBatch, uncount } from "./rate-limit.server";

let db: DB;
beforeEach(async () => {
  db = await createTestDb();
});

const counter = async (key: string) =>
  (await db.selectFrom("rate_limits").select("count").where("key", "=", key).executeTakeFirst())?.count;

describe("rate limits in the database", () => {
  it("counts hits in a fixed window, then starts a new window", async () => {
    expect(await countHitIn("k", 60_000, 1_000)).toBe(1);
    expect(await countHitIn("k", 60_000, 2_000)).toBe(2);
    expect(await hit("k", 2, 60_000, 3_000)).toBe(false);
    expect(await countHitIn("k", 60_000, 61_001)).toBe(1);
    await uncount("k");
    expect(await counter("k")).toBe(0);
  });

  it("counts hits of one batch per key with one statement, each judged as if they came in turn", async () => {
    await countHitIn("a", 60_000, 1_000);
    const hits = [
      { key: "a", limit: 3, windowMs: 60_000 },
      { key: "b", limit: 1, windowMs: 60_000 },
      { key: "a", limit: 3, windowMs: 60_000 },
      { key: "b", limit: 1, windowMs: 60_000 },
      { key: "a", limit: 3, windowMs: 60_000 },
    ];
    const counted = await inWriteBatch(db, (trx) => hitsInBatch(trx, hits, 2_000));
    expect(counted.map((hit) => hit.within)).toEqual([true, true, true, false, false]);
    expect(counted.map((hit) => hit.count)).toEqual([4, 2, 4, 2, 4]);
    expect(await counter("a")).toBe(4);
    expect(await counter("b")).toBe(2);
  });

  it("commits concurrent hits together and still counts every one", async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => countHitIn("c", 60_000)));
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(await counter("c")).toBe(20);
  });
});
