import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSeededTestDb } from "~/test/db";
import { listVerificationEvents } from "./queries.server";

describe("a holder's latest verifications", () => {
  it("are the newest 50 look-ups of their documents and of no other, newest first (property)", async () => {
    const db = await createSeededTestDb();
    const documents = (await db.selectFrom("issued_documents").select("id").orderBy("id").limit(4).execute()).map(
      (row) => row.id,
    );
    expect(documents.length).toBe(4);
    const event = fc.record({
      document: fc.constantFrom(...documents),
      // Few distinct moments, so that look-ups share one and the id decides.
      second: fc.integer({ min: 0, max: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { maxLength: 160 }),
        fc.subarray(documents.slice(0, 3), { minLength: 1 }),
        async (events, asked) => {
          await db.deleteFrom("verification_events").execute();
          for (const { document, second } of events)
            await db
              .insertInto("verification_events")
              .values({
                issued_document_id: document,
                outcome: "VALID",
                at: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
              })
              .execute();
          const stored = await db
            .selectFrom("verification_events")
            .select(["id", "issued_document_id", "at"])
            .execute();
          const expected = stored
            .filter((row) => asked.includes(row.issued_document_id!))
            .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
            .slice(0, 50)
            .map((row) => row.id);
          expect((await listVerificationEvents(db, asked)).map((row) => row.id)).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});
