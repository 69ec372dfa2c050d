import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { seal } from "~/modules/signing/key-box.server";
import { signedCookie } from "~/platform/security/cookies.server";
import { conflict, done, NOT_FOUND_ERROR, type Outcome, refused } from "~/platform/outcome";
import { env } from "~/platform/env.server";
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  hasEndpointAt,
  insertEndpoint,
  resetDelivery,
  updateEndpoint,
} from "./queries.server";
import type { EndpointInput, EndpointRules } from "./schema";

/**
 * An organisation's webhook endpoints (docs/decisions/0019): made, their secret rotated, turned off and on, removed,
 * and a delivery sent again, each by a client admin and each in the audit trail. The secret is shown once, when it is
 * made; the service keeps it sealed to sign with.
 */
const ENTITY = "WEBHOOK_ENDPOINTS";

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${crypto.randomBytes(24).toString("base64")}`;

/** A new endpoint and its secret (shown once); an address the organisation already has is refused, by name. */
export async function createEndpoint(db: DB, clientId: number, input: EndpointInput, actor: AuditActor) {
  if (await hasEndpointAt(db, clientId, input.url)) return conflict("webhooks.urlTaken", "url");
  const secret = newSecret();
  return db.transaction().execute(async (trx) => {
    const id = await insertEndpoint(trx, {
      clientId,
      url: input.url,
      events: input.events,
      secretSealed: seal(secret),
      createdBy: actor.userId,
    });
    await audit(trx, actor, {
      clientId,
      action: "webhook.create",
      entityType: ENTITY,
      entityId: id,
      details: { url: input.url, events: input.events },
    });
    return done({ id, secret });
  });
}

type Endpoint = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

/**
 * One change to an endpoint and its audit event, in one transaction: the change is never without its event.
 * `action` is one of the audit trail's `webhook.*` actions.
 */
async function changeEndpoint(
  db: DB,
  endpoint: Endpoint,
  actor: AuditActor,
  event: { action: string; details?: Record<string, unknown> },
  change: (trx: Transaction<Database>) => Promise<unknown>,
) {
  await db.transaction().execute(async (trx) => {
    await change(trx);
    await audit(trx, actor, { clientId: endpoint.client_id, entityType: ENTITY, entityId: endpoint.id, ...event });
  });
}

export async function rotateSecret(db: DB, endpoint: Endpoint, actor: AuditActor) {
  const secret = newSecret();
  await changeEndpoint(db, endpoint, actor, { action: "webhook.rotate_secret" }, (trx) =>
    updateEndpoint(trx, endpoint.id, { secret_sealed: seal(secret) }),
  );
  return secret;
}

/** Turned on again, an endpoint starts afresh: its waiting deliveries go out at once. */
export const switchEndpoint = (db: DB, endpoint: Endpoint, on: boolean, actor: AuditActor) =>
  changeEndpoint(db, endpoint, actor, { action: on ? "webhook.enable" : "webhook.disable" }, (trx) =>
    updateEndpoint(trx, endpoint.id, on ? { status: "ACTIVE", failing_since: null } : { status: "DISABLED" }),
  );

export const removeEndpoint = (db: DB, endpoint: Endpoint, actor: AuditActor) =>
  changeEndpoint(db, endpoint, actor, { action: "webhook.delete", details: { url: endpoint.url } }, (trx) =>
    deleteEndpoint(trx, endpoint.id),
  );

/** "Send again": the same message (its id too: receivers deduplicate by it), due now. */
export async function sendAgain(db: DB, endpoint: Endpoint, deliveryId: number, actor: AuditActor): Promise<Outcome> {
  const delivery = await findDelivery(db, deliveryId);
  if (!delivery || delivery.endpoint_id !== endpoint.id) return refused(NOT_FOUND_ERROR);
  await changeEndpoint(
    db,
    endpoint,
    actor,
    { action: "webhook.resend", details: { messageId: delivery.message_id } },
    (trx) => resetDelivery(trx, delivery.id),
  );
  return done();
}

/** What this deployment lets an endpoint be (docs/decisions/0019): see EndpointRules. */
export const endpointRules = (): EndpointRules => ({
  production: env.isProduction,
  privateNetworks: env.webhookPrivateNetworks,
});

const secretCookie = () => signedCookie("webhook-secret", { maxAgeSeconds: 5 * 60 });

/** The secret just made, for the endpoint's page to show once (a signed, httpOnly cookie for five minutes). */
export const showSecretOnceHeader = (endpointId: number, secret: string) =>
  secretCookie().header({ endpointId, secret });

/** The secret to show on this endpoint's page, once: the cookie is cleared by the answer that shows it. */
export function secretToShow(request: Request, endpointId: number) {
  const value = secretCookie().read(request.headers.get("Cookie")) as {
    endpointId?: number;
    secret?: string;
  } | null;
  if (value?.endpointId !== endpointId || typeof value.secret !== "string") return null;
  return { secret: value.secret, clear: secretCookie().clearHeader() };
}
