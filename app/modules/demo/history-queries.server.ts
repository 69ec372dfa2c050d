import type { DB } from "~/platform/db/db.server";

/**
 * The demo data is made by the services, today; these give it the past it shows (requests over the last two
 * months, decisions days later; the audit trail is dated as it is written, by `asOf`) and take back what the
 * services sent for it: the demo's history was never mailed or notified.
 */

/** The app's types make `created_at` and `at` unchangeable; only the demo's history is written after the fact. */
const past = (values: Record<string, string | null>) => values as never;

export async function isDatabaseEmpty(db: DB) {
  return !(await db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}

export async function backdateRequest(db: DB, id: number, createdAt: string, updatedAt = createdAt) {
  await db
    .updateTable("document_requests")
    .set(past({ created_at: createdAt, updated_at: updatedAt }))
    .where("id", "=", id)
    .execute();
}

export async function backdateIssued(db: DB, id: number, createdAt: string, revokedAt?: string) {
  await db
    .updateTable("issued_documents")
    .set(past({ created_at: createdAt, ...(revokedAt ? { revoked_at: revokedAt } : {}) }))
    .where("id", "=", id)
    .execute();
}

export async function backdateAttestation(db: DB, id: number, createdAt: string, decidedAt: string | null) {
  await db
    .updateTable("attestations")
    .set(
      past({
        created_at: createdAt,
        updated_at: decidedAt ?? createdAt,
        ...(decidedAt ? { reviewed_at: decidedAt } : {}),
      }),
    )
    .where("id", "=", id)
    .execute();
}

export async function backdateAnnouncement(db: DB, id: number, at: string, publishedAt: string | null) {
  await db
    .updateTable("public_announcements")
    .set(past({ created_at: at, updated_at: at, published_at: publishedAt }))
    .where("id", "=", id)
    .execute();
}

/**
 * The demo's steps happened days apart, so no hourly limit (uploads a person may post) counts one step against
 * the next: the counts are forgotten after each.
 */
export async function forgetLimits(db: DB) {
  await db.deleteFrom("rate_limits").execute();
}

/** What the services queued or counted while making the demo: no mail, notification or limit is left. */
export async function forgetDeliveries(db: DB) {
  await db.deleteFrom("email_outbox").execute();
  await db.deleteFrom("notifications").execute();
  await forgetLimits(db);
}
