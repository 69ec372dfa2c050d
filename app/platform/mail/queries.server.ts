import type { DB } from "~/platform/db/db.server";
import type { Locale } from "~/platform/db/schema";

export interface OutboxMail {
  to: string;
  locale: Locale;
  subject: string;
  text: string;
  html: string;
}

export async function insertOutboxMail(db: DB, mail: OutboxMail) {
  await db
    .insertInto("email_outbox")
    .values({ to_address: mail.to, locale: mail.locale, subject: mail.subject, body: mail.text, html: mail.html })
    .execute();
}

export function findDueMails(db: DB, nowIso: string, limit: number) {
  return db
    .selectFrom("email_outbox")
    .select(["id", "to_address", "subject", "body", "html", "attempts", "next_attempt_at"])
    .where("status", "=", "PENDING")
    .where("next_attempt_at", "<=", nowIso)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Takes a due mail for one sender: moves its next attempt to `untilIso` if no other sender did first
 * (compare-and-set on the time it was due). With several servers, each runs a sender; a mail goes to
 * the one whose claim wins. A sender that dies holding a claim leaves the mail due again at `untilIso`.
 */
export async function claimMail(db: DB, id: number, dueAtIso: string, untilIso: string): Promise<boolean> {
  const result = await db
    .updateTable("email_outbox")
    .set({ next_attempt_at: untilIso })
    .where("id", "=", id)
    .where("status", "=", "PENDING")
    .where("next_attempt_at", "=", dueAtIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markMailSent(db: DB, id: number, nowIso: string) {
  await db
    .updateTable("email_outbox")
    .set({ status: "SENT", sent_at: nowIso, last_error: null })
    .where("id", "=", id)
    .execute();
}

export async function markMailAttemptFailed(
  db: DB,
  id: number,
  values: { attempts: number; nextAttemptAt: string; error: string; gaveUp: boolean },
) {
  await db
    .updateTable("email_outbox")
    .set({
      attempts: values.attempts,
      next_attempt_at: values.nextAttemptAt,
      last_error: values.error.slice(0, 500),
      status: values.gaveUp ? "FAILED" : "PENDING",
    })
    .where("id", "=", id)
    .execute();
}

/** The outbox by state (PENDING, SENT, FAILED): the mail backlog a scrape reports. */
export function countMailsByStatus(db: DB) {
  return db
    .selectFrom("email_outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
}

/** Forgets mails sent, or given up on, before `beforeIso` (the retention sweep: their text holds personal data). */
export async function deleteFinishedMailsBefore(db: DB, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom("email_outbox")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "SENT"), eb("sent_at", "<", beforeIso)]),
        eb.and([eb("status", "=", "FAILED"), eb("next_attempt_at", "<", beforeIso)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
