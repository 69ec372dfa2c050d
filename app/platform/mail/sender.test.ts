import { describe, expect, it } from "vitest";
import { createTestDb } from "~/test/db";
import { insertOutboxMail } from "./queries.server";
import { deliverDueMail, type OutgoingMail } from "./sender.server";

describe("the outbox with several senders (one per server)", () => {
  it("sends each due mail once, though two senders read it at the same moment", async () => {
    const db = await createTestDb();
    await insertOutboxMail(db, { to: "a@example.com", locale: "en", subject: "One", text: "1", html: "<p>1</p>" });
    await insertOutboxMail(db, { to: "b@example.com", locale: "ar", subject: "Two", text: "2", html: "<p>2</p>" });
    const delivered: string[] = [];
    const sender = (name: string) => async (mail: OutgoingMail) => {
      delivered.push(`${name}:${mail.to}`);
    };
    const results = await Promise.all([deliverDueMail(db, sender("server-1")), deliverDueMail(db, sender("server-2"))]);
    expect(delivered.map((entry) => entry.split(":")[1]).sort()).toEqual(["a@example.com", "b@example.com"]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(2);
    const rows = await db.selectFrom("email_outbox").select(["status", "attempts"]).orderBy("id").execute();
    expect(rows).toEqual([
      { status: "SENT", attempts: 0 },
      { status: "SENT", attempts: 0 },
    ]);
    expect(await deliverDueMail(db, sender("server-1"))).toEqual({ sent: 0, failed: 0 });
  });
});
