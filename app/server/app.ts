import * as build from "virtual:react-router/server-build";
import { verificationAnswer } from "~/routes/verify/page.server";
import { answerUnavailable } from "./unavailable";
import type { ServerBuild } from "react-router";
import { closeDb, getDb, migrateToLatest, underStartupLock } from "~/platform/db/db.server";
import { isDatabaseEmpty, seedDemoData } from "~/modules/demo/seed.server";
import { logger } from "~/platform/log/logger.server";
import { clusterMetricsText, collectProcessMetrics, workerRestarts } from "~/platform/metrics/metrics.server";
import { METRICS_ANSWER, METRICS_ASK } from "~/platform/server/metrics-endpoint";
import { registerDatabaseGauges } from "~/platform/server/database-gauges";
import { warmPdfInspector } from "~/modules/files/pdf-inspect.server";
import { startFileSweeper, stopFileSweeper } from "~/modules/files/sweeper.server";
import { startAuditCheckpoints, stopAuditCheckpoints } from "~/modules/audit/checkpoints.server";
import { printDemoAccounts } from "./demo-accounts.server";
import { keyAuditChain } from "~/modules/audit/service.server";
import { startRetentionSweep, stopRetentionSweep } from "./retention.server";
import { warmStampWorker } from "~/modules/issuing/stamp.server";
import { startMailSender, stopMailSender } from "~/platform/mail/sender.server";
import { startWebhookSender, stopWebhookSender } from "~/modules/webhooks/sender.server";
import { bulkIssuance } from "~/modules/bulk/job.server";
import { startJobRunner as startRunner, stopJobRunner } from "~/platform/jobs/runner.server";
import { isPostgres } from "~/platform/db/dialect";
import { env, unsetSharedSecrets } from "~/platform/env.server";
import { createListener as createListenerFor, type ListenerOptions } from "~/platform/server/listener";
import { authorityCredentials } from "~/modules/signing/service.server";
import { rollUpRequestStatusDeltas } from "~/platform/db/request-status-counts.server";
import { createPoller } from "~/platform/poller.server";
import { flushVerificationEvents } from "~/modules/verification/events.server";

/**
 * The production server's entry (server.js): the compiled app and what each process needs. A request worker
 * starts its file threads (the PDF check and the stamp) with its listener, so that a first upload does not
 * pay for them, nor the event loop while it answers others.
 */
export function createListener(options: Omit<ListenerOptions, "build" | "verificationAnswer" | "answerUnavailable">) {
  collectProcessMetrics();
  registerDatabaseGauges();
  warmPdfInspector();
  warmStampWorker();
  return createListenerFor({
    ...options,
    build: build as unknown as ServerBuild,
    verificationAnswer,
    answerUnavailable,
  });
}

/**
 * Applies pending migrations and, into an empty database, the demo data: in the primary, and on
 * PostgreSQL under a lock, so that of several servers starting together one migrates and seeds.
 */
export async function startup(): Promise<{ seeded: boolean }> {
  const db = getDb();
  const unset = unsetSharedSecrets();
  if (isPostgres(db) && unset.length > 0) {
    throw new Error(
      `On PostgreSQL every server must share its secrets: set ${unset.slice(0, -1).join(", ")}${unset.length > 1 ? " and " : ""}${unset.at(-1)} (the same values on every server).`,
    );
  }
  if (process.env.OIDC_CREATE_STAFF && !env.singleSignOn?.createStaff) {
    throw new Error("OIDC_CREATE_STAFF names a role and a client as CLERK:<client id> (and needs OIDC_ISSUER set).");
  }
  return underStartupLock(db, async () => {
    await migrateToLatest(db);
    // A chain written before it was keyed is keyed now, once (docs/architecture.md §22).
    await keyAuditChain(db);
    // The certificate authority that issues the organisations' signing certificates: made at first start.
    await authorityCredentials(db);
    if (env.demoData && (await isDatabaseEmpty(db))) {
      await seedDemoData(db);
      return { seeded: true };
    }
    return { seeded: false };
  });
}

/** The outbox's sender: in the primary only, so each mail is sent once (docs/architecture.md §17). */
export { startMailSender, stopMailSender };

/** The webhook sender: in the primary only, beside the mail sender (docs/decisions/0019). */
export { startWebhookSender, stopWebhookSender };

/** The job runner (bulk issuance): in every request worker, which share each job by claiming its items in chunks. */
export const startJobRunner = () => startRunner([bulkIssuance as never]);
export { stopJobRunner };

/** The storage sweeper: in the primary only. */
export { startFileSweeper, stopFileSweeper, startAuditCheckpoints, stopAuditCheckpoints };

/** The retention sweep (sessions, sent mails, delivered webhooks): in the primary only. */
export { startRetentionSweep, stopRetentionSweep };

/**
 * The roll-up of the request counts' deltas (docs/decisions/0021): in the primary, at start and every few seconds;
 * the counts read right whether or not it has run, it only keeps the deltas few.
 */
const countsRollUp = createPoller("request counts roll-up", 5_000);
export const startCountsRollUp = () => countsRollUp.start(() => rollUpRequestStatusDeltas(getDb()), { now: true });
export const stopCountsRollUp = () => countsRollUp.stop();

export async function shutdown() {
  // The verification events still waiting to be written (docs/decisions/0029): a clean stop keeps every one.
  await flushVerificationEvents();
  await closeDb();
}

/** Logged at start-up so a newcomer can sign in at once (app/server/demo-accounts.server.ts). */
export { printDemoAccounts };

/** The one logger, for server.js (the primary's lines). */
export { logger };

/** The primary's part of `/metrics` (docs/decisions/0017): every worker's metrics summed, and its own. */
export { clusterMetricsText, METRICS_ANSWER, METRICS_ASK };
export const workerRestarted = () => workerRestarts.inc();
