import nodemailer from "nodemailer";
import { getDb, type DB } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { claimMail, findDueMails, markMailAttemptFailed, markMailSent } from "./queries.server";
import { nowIso } from "~/platform/db/values";
import { logger } from "~/platform/log/logger.server";
import { createPoller } from "~/platform/poller.server";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}
export type SendMail = (mail: OutgoingMail) => Promise<void>;

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 15 * 60_000;
/** About ten hours of retries before a mail is marked FAILED. */
export const MAX_ATTEMPTS = 48;
const POLL_MS = 1_000;
const BATCH = 20;
/** How long a claimed mail is left to its sender before another may take it. */
const CLAIM_MS = 5 * 60_000;

/** The wait before the next attempt, doubling from 5 s up to 15 min. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);

/** Delivers the mails that are due, oldest first, each claimed first (several servers may be sending); a failed one is tried again later. */
export async function deliverDueMail(
  db: DB,
  send: SendMail,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const due = await findDueMails(db, now.toISOString(), BATCH);
  let sent = 0;
  let claimed = 0;
  for (const mail of due) {
    if (!(await claimMail(db, mail.id, mail.next_attempt_at, new Date(now.getTime() + CLAIM_MS).toISOString())))
      continue;
    claimed++;
    try {
      await send({ to: mail.to_address, subject: mail.subject, text: mail.body, html: mail.html });
      await markMailSent(db, mail.id, nowIso());
      sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      await markMailAttemptFailed(db, mail.id, {
        attempts,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        error: error instanceof Error ? error.message : String(error),
        gaveUp: attempts >= MAX_ATTEMPTS,
      });
    }
  }
  return { sent, failed: claimed - sent };
}

/** SMTP_URL through nodemailer; without it, each mail is printed to the log (development). */
export function mailTransport(smtpUrl = env.smtpUrl): SendMail {
  if (!smtpUrl) {
    // A mail's text holds its links (set-password tokens): only at `debug`, which a deployment does not run at.
    return async (mail) => {
      logger.info({ subject: mail.subject }, "mail not sent: SMTP_URL is unset");
      logger.debug({ to: mail.to, subject: mail.subject, text: mail.text }, "the mail that was not sent");
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    // Every mail is sent by the service, not by a person: auto-replies and vacation notices stay quiet (RFC 3834).
    await transport.sendMail({
      from: env.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      headers: { "Auto-Submitted": "auto-generated" },
    });
  };
}

const mailSender = createPoller("mail sender", POLL_MS);

/** Runs in one process of each server (its primary); the claims keep several servers from sending a mail twice. */
export const startMailSender = (send = mailTransport()) => mailSender.start(() => deliverDueMail(getDb(), send));

export const stopMailSender = () => mailSender.stop();
