import { getDb, type DB } from "~/platform/db/db.server";
import { forgetDeadSessions } from "~/modules/auth/session.server";
import { deleteDeliveredBefore } from "~/modules/webhooks/queries.server";
import { deleteEndedWalletRows } from "~/modules/wallet/queries.server";
import { logger } from "~/platform/log/logger.server";
import { deleteFinishedMailsBefore } from "~/platform/mail/queries.server";
import { createPoller } from "~/platform/poller.server";
import { env } from "~/platform/env.server";

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * What the service forgets (README, Operating: "What is kept"): sessions that have ended or gone idle, and, after
 * RETENTION_DAYS (30), mails sent or given up on (their text names people and their documents), webhook deliveries
 * that arrived, and wallet offers and requests to wallets that ended (an answer names the claims a holder showed;
 * used nonces go as soon as they end). Mails and deliveries still waiting are kept; the audit trail is kept whole.
 */
export async function sweepRetention(db: DB, now = Date.now()) {
  const before = new Date(now - env.retentionMs).toISOString();
  const forgotten = {
    sessions: await forgetDeadSessions(db, now),
    mails: await deleteFinishedMailsBefore(db, before),
    deliveries: await deleteDeliveredBefore(db, before),
    wallets: await deleteEndedWalletRows(db, new Date(now).toISOString(), before),
  };
  if (Object.values(forgotten).some((count) => count > 0)) logger.info({ forgotten }, "retention sweep");
  return forgotten;
}

const sweeper = createPoller("retention sweep", SWEEP_EVERY_MS);

/** In the primary process: a sweep at start, then every hour. */
export const startRetentionSweep = () => sweeper.start(() => sweepRetention(getDb()), { now: true });

export const stopRetentionSweep = () => sweeper.stop();
