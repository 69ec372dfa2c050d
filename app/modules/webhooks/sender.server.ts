import { href } from "react-router";
import { Webhook } from "standardwebhooks";
import { getDb, type DB } from "~/platform/db/db.server";
import { unseal } from "~/modules/signing/key-box.server";
import { notify } from "~/modules/notifications/service.server";
import { logger } from "~/platform/log/logger.server";
import { createPoller } from "~/platform/poller.server";
import { env } from "~/platform/env.server";
import { postDelivery } from "./post.server";
import {
  activeClientAdminsOf,
  claimDelivery,
  clearFailing,
  disableIfFailingSince,
  findDueDeliveries,
  findEndpoint,
  markFailing,
  recordAttempt,
} from "./queries.server";

const POLL_MS = 1_000;
const BATCH = 20;
const TIMEOUT_MS = 10_000;
/** How long a claimed delivery is left to its sender before another may take it. */
const CLAIM_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 3600_000;

/** The wait before the next attempt: doubling from WEBHOOK_FIRST_RETRY_SECONDS (10 s) up to six hours. */
export const webhookRetryDelayMs = (attempts: number) =>
  Math.min(env.webhookFirstRetryMs * 2 ** (attempts - 1), LONGEST_RETRY_MS);

type Due = Awaited<ReturnType<typeof findDueDeliveries>>[number];

/** One POST, signed as Standard Webhooks says: `webhook-id`, `webhook-timestamp`, `webhook-signature` (v1, HMAC-SHA256). */
async function post(delivery: Due) {
  const sentAt = new Date();
  const secret = unseal(delivery.secret_sealed);
  const started = performance.now();
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "attestation-service-webhooks",
    "webhook-id": delivery.message_id,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(delivery.message_id, sentAt, delivery.payload),
  };
  try {
    const status = await postDelivery(delivery.url, headers, delivery.payload, {
      timeoutMs: TIMEOUT_MS,
      privateNetworks: env.webhookPrivateNetworks,
    });
    const delivered = status >= 200 && status < 300;
    return { delivered, status, ms: performance.now() - started, error: delivered ? null : `HTTP ${status}` };
  } catch (error) {
    return {
      delivered: false,
      status: null,
      ms: performance.now() - started,
      error: (error as Error).message ?? String(error),
    };
  }
}

/** Turns off an endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS and tells its organisation's admins, in-app and by mail. */
async function disableIfFailingTooLong(db: DB, endpointId: number, now: Date) {
  const before = new Date(now.getTime() - env.webhookDisableAfterMs).toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await disableIfFailingSince(trx, endpointId, before))) return;
    const endpoint = (await findEndpoint(trx, endpointId))!;
    logger.warn({ endpointId }, "webhook endpoint turned off: failing for too long");
    for (const admin of await activeClientAdminsOf(trx, endpoint.client_id)) {
      await notify(
        trx,
        admin.id,
        {
          kind: "webhookDisabled",
          link: href("/client-admin/webhooks/:id", { id: String(endpointId) }),
          values: { url: endpoint.url },
        },
        { mail: true },
      );
    }
  });
}

/** Sends the deliveries that are due, each claimed first; a failure is tried again later, with back-off. */
export async function deliverDueWebhooks(db: DB, now = new Date()): Promise<{ delivered: number; failed: number }> {
  const due = await findDueDeliveries(db, now.toISOString(), BATCH);
  const claimed: Due[] = [];
  for (const delivery of due) {
    if (
      await claimDelivery(db, delivery.id, delivery.next_attempt_at, new Date(now.getTime() + CLAIM_MS).toISOString())
    )
      claimed.push(delivery);
  }
  // Side by side: one receiver that hangs for its ten seconds does not hold the others back.
  const results = await Promise.all(
    claimed.map(async (delivery) => {
      const result = await post(delivery);
      const at = new Date();
      const attempts = delivery.attempts + 1;
      await recordAttempt(db, delivery.id, {
        at: at.toISOString(),
        delivered: result.delivered,
        attempts,
        nextAttemptAt: new Date(at.getTime() + webhookRetryDelayMs(attempts)).toISOString(),
        status: result.status,
        ms: result.ms,
        error: result.error,
      });
      if (result.delivered) await clearFailing(db, delivery.endpoint_id);
      else {
        await markFailing(db, delivery.endpoint_id, at.toISOString());
        await disableIfFailingTooLong(db, delivery.endpoint_id, at);
      }
      return result.delivered;
    }),
  );
  const delivered = results.filter(Boolean).length;
  return { delivered, failed: results.length - delivered };
}

const webhookSender = createPoller("webhook sender", POLL_MS);

/** Runs in one process of each server (its primary), beside the mail sender; the claims keep two servers from sending one delivery at once. */
export const startWebhookSender = () => webhookSender.start(() => deliverDueWebhooks(getDb()));

export const stopWebhookSender = () => webhookSender.stop();
