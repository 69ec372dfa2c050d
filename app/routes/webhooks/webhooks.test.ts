import { describe, expect, it } from "vitest";
import { createTestDb } from "~/test/db";
import { makeContext, testUser, postAs } from "~/test/route";
import * as webhooks from "./webhooks";

describe("adding a webhook endpoint", () => {
  it("tells a client admin of no organisation why it cannot, keeps the input, and writes nothing", async () => {
    const db = await createTestDb();
    const user = testUser({
      id: 1,
      email: "unplaced@example.com",
      role: "CLIENT_ADMIN" as const,
    });
    const answer = await postAs(makeContext({ user }), webhooks.action, "/client-admin/webhooks", {
      url: "https://hooks.example.org/in",
      events: "document.issued",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      error: { "": ["webhooks.noOrganisation"] },
      initialValue: { url: "https://hooks.example.org/in" },
    });
    expect(await db.selectFrom("webhook_endpoints").selectAll().execute()).toEqual([]);
  });
});
