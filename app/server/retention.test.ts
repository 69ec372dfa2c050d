import { describe, expect, it } from "vitest";
import { insertSession } from "~/modules/auth/queries.server";
import { insertEndpoint } from "~/modules/webhooks/queries.server";
import { insertOutboxMail } from "~/platform/mail/queries.server";
import { insertDeliveries } from "~/platform/webhooks/queries.server";
import { createSeededTestDb, createUser } from "~/test/db";
import { sweepRetention } from "./retention.server";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe("the retention sweep", () => {
  it("forgets ended and idle sessions, and mails and deliveries finished over 30 days ago; keeps what is alive or waiting", async () => {
    const db = await createSeededTestDb();
    const now = Date.now();
    await sweepRetention(db, now); // whatever the demo data left

    const userId = await createUser(db, { email: "retention@example.com", role: "CLERK" });
    const sessions: Record<string, { kind: "WEB" | "API"; expires: number; seen: number; refresh?: number }> = {
      webAlive: { kind: "WEB", expires: now + DAY, seen: now - 3600_000 },
      webEnded: { kind: "WEB", expires: now - 1000, seen: now - 3600_000 },
      webIdle: { kind: "WEB", expires: now + DAY, seen: now - 2 * DAY },
      apiRefreshable: { kind: "API", expires: now - 1000, seen: now - 2 * DAY, refresh: now + DAY },
      apiOver: { kind: "API", expires: now - 2 * DAY, seen: now - 2 * DAY, refresh: now - 1000 },
    };
    for (const [id, session] of Object.entries(sessions)) {
      await insertSession(db, {
        id,
        userId,
        expiresAt: iso(session.expires),
        ip: null,
        userAgent: null,
        ...(session.refresh ? { api: { refreshHash: `refresh-${id}`, refreshExpiresAt: iso(session.refresh) } } : {}),
      });
      await db
        .updateTable("sessions")
        .set({ last_seen_at: iso(session.seen) })
        .where("id", "=", id)
        .execute();
    }

    const mails = { sentLongAgo: "SENT", sentLately: "SENT", failedLongAgo: "FAILED", waiting: "PENDING" } as const;
    for (const [subject, status] of Object.entries(mails)) {
      await insertOutboxMail(db, { to: "someone@example.com", locale: "en", subject, text: "Hello", html: "" });
      const at = iso(subject.endsWith("LongAgo") ? now - 31 * DAY : now - 29 * DAY);
      await db
        .updateTable("email_outbox")
        .set({ status, sent_at: status === "SENT" ? at : null, next_attempt_at: at })
        .where("subject", "=", subject)
        .execute();
    }

    const endpointId = await insertEndpoint(db, {
      clientId: 1,
      url: "https://hooks.example.org/in",
      events: ["document.issued"],
      secretSealed: "sealed",
      createdBy: null,
    });
    await insertDeliveries(
      db,
      ["arrivedLongAgo", "arrivedLately", "waiting"].map((messageId) => ({
        endpointId,
        messageId,
        eventType: "document.issued",
        payload: "{}",
      })),
    );
    for (const [messageId, at] of [
      ["arrivedLongAgo", now - 31 * DAY],
      ["arrivedLately", now - DAY],
    ] as const)
      await db
        .updateTable("webhook_deliveries")
        .set({ status: "DELIVERED", delivered_at: iso(at) })
        .where("message_id", "=", messageId)
        .execute();

    // A used nonce past its life, one alive; a request to a wallet ended long ago (its answer names claims), one lately.
    await db
      .insertInto("wallet_nonces")
      .values([
        { nonce_hash: "ended", expires_at: iso(now - 1000) },
        { nonce_hash: "alive", expires_at: iso(now + 60_000) },
      ])
      .execute();
    await db
      .insertInto("presentation_requests")
      .values(
        (["longAgo", "lately"] as const).map((key) => ({
          response_key_hash: `response-${key}`,
          view_key_hash: `view-${key}`,
          request_sealed: "sealed",
          query_json: "{}",
          result_json: '{"claims":{"national_id":"70000000001"}}',
          expires_at: iso(key === "longAgo" ? now - 31 * DAY : now - DAY),
        })),
      )
      .execute();

    expect(await sweepRetention(db, now)).toEqual({ sessions: 3, mails: 2, deliveries: 1, wallets: 2 });
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
    expect(ids(await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute())).toEqual([
      "apiRefreshable",
      "webAlive",
    ]);
    expect(
      (await db.selectFrom("email_outbox").select("subject").orderBy("subject").execute()).map((row) => row.subject),
    ).toEqual(["sentLately", "waiting"]);
    expect(
      (await db.selectFrom("webhook_deliveries").select("message_id").orderBy("message_id").execute()).map(
        (row) => row.message_id,
      ),
    ).toEqual(["arrivedLately", "waiting"]);
    // Nothing more to forget.
    expect(
      (await db.selectFrom("presentation_requests").select("view_key_hash").execute()).map((row) => row.view_key_hash),
    ).toEqual(["view-lately"]);
    expect(await sweepRetention(db, now)).toEqual({ sessions: 0, mails: 0, deliveries: 0, wallets: 0 });
  });
});
