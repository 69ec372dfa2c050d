import { getDb, type DB } from "~/platform/db/db.server";
import { forgetDeadSessions } from "~/modules/auth/session.server";
import { deleteDeliveredBefore } from "~/modules/webhooks/queries.server";
import { logger } from "~/platform/log/logger.server";
import { deleteFinishedMailsBefore } from "~/platform/mail/queries.server";
import { createPoller } from "~/platform/poller.server";
import { env } from "~/platform/env.server";

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * What the service forgets (README, Operating: "What is kept"): sessions that have ended or gone idle, and, after
 * RETENTION_DAYS (30), mails sent or given up on (their text names people and their documents) and webhook
 * deliveries that arrived. Mails and deliveries still waiting are kept; the audit trail is kept whole (its chain).
 */
export async function sweepRetention(db: DB, now = Date.now()) {
  const before = new Date(now - env.retentionMs).toISOString();
  const forgotten = {
    sessions: await forgetDeadSessions(db, now),
    mails: await deleteFinishedMailsBefore(db, before),
    deliveries: await deleteDeliveredBefore(db, before),
  };
  if (Object.values(forgotten).some((count) => count > 0)) logger.info({ forgotten }, "retention sweep");
  return forgotten;
}

const sweeper = createPoller("retention sweep", SWEEP_EVERY_MS);

/** In the primary process: a sweep at start, then every hour. */
export const startRetentionSweep = () => sweeper.start(() => sweepRetention(getDb()), { now: true });

export const stopRetentionSweep = () => sweeper.stop();
