import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTestDb } from "~/test/db";
import type { DB } from "./db.server";
import { preparedLists } from "./lists";

/** Text that JSON and both databases could disagree on: Arabic and Latin, quotes, escapes, bidi controls, emoji. */
const text = fc.string({
  unit: fc.constantFrom(..."ابتثجحخ ءآأإ 0123456789abcXYZ\"'\\/\n\t{}[]\u202e\u2066\u2069\u200f\u00e9", "👩🏽‍⚕️"),
  maxLength: 40,
});

const listQueries = (db: DB, threshold: number, missing: string) => ({
  byKey: db.selectFrom("rate_limits").select(["key", "count"]).orderBy("key", "desc"),
  over: db
    .selectFrom("rate_limits")
    .select(["window_start", "key as name"])
    .where("count", ">", threshold)
    .orderBy("window_start")
    .orderBy("key")
    .limit(10),
  none: db.selectFrom("rate_limits").select("key").where("key", "=", missing),
});
const bothLists = preparedLists(listQueries);

describe("several lists in one round trip", () => {
  it("gives each query's rows as the query alone gives them: same values, same order (property)", async () => {
    const db = await createTestDb();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({ key: text, window_start: fc.integer(), count: fc.integer({ min: -1e9, max: 1e9 }) }),
          { selector: (row) => row.key, maxLength: 30 },
        ),
        fc.integer({ min: -1e9, max: 1e9 }),
        async (rows, threshold) => {
          await db.deleteFrom("rate_limits").execute();
          if (rows.length) await db.insertInto("rate_limits").values(rows).execute();
          const together = await bothLists(db, threshold, "\u0001never");
          const alone = listQueries(db, threshold, "\u0001never");
          expect(together).toEqual({ byKey: await alone.byKey.execute(), over: await alone.over.execute(), none: [] });
        },
      ),
      { numRuns: 60 },
    );
  });
});
