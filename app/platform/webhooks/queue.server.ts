import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import type { WebhookEvent } from "./events";
import { activeEndpointsOf, insertDeliveries } from "./queries.server";

export interface ChangeToTell {
  clientId: number;
  entityType: string | null;
  entityId: number | null;
  details: Record<string, unknown>;
}

const ENTITY_KEY: Record<string, string> = { DOCUMENT_REQUESTS: "requestId", DOCUMENT_ATTESTATION: "attestationId" };

/**
 * A Standard Webhooks payload: `type`, `timestamp`, `data`. The data names records by id and a document by its
 * verification code and link; no person's name, national id or note leaves with it (the API reads the rest).
 */
function payloadOf(type: WebhookEvent, change: ChangeToTell, at: string) {
  const { details } = change;
  const code = typeof details.code === "string" ? details.code : undefined;
  const data: Record<string, unknown> = { clientId: change.clientId };
  if (change.entityType && change.entityId !== null) data[ENTITY_KEY[change.entityType] ?? "id"] = change.entityId;
  if (typeof details.status === "string") data.status = details.status;
  if (typeof details.issuedDocumentId === "number") data.documentId = details.issuedDocumentId;
  if (code) Object.assign(data, { code, verificationUrl: `${env.publicUrl}/verify/${code}` });
  return JSON.stringify({ type, timestamp: at, data });
}

/** Queues one delivery per event for each of the organisation's endpoints that asked for it, in the caller's transaction. */
export async function queueWebhooks(db: DB, types: WebhookEvent[], change: ChangeToTell) {
  const endpoints = await activeEndpointsOf(db, change.clientId);
  if (endpoints.length === 0) return;
  const at = new Date().toISOString();
  await insertDeliveries(
    db,
    endpoints.flatMap((endpoint) => {
      const wanted = JSON.parse(endpoint.events) as string[];
      return types
        .filter((type) => wanted.includes(type))
        .map((type) => ({
          endpointId: endpoint.id,
          messageId: `msg_${crypto.randomUUID()}`,
          eventType: type,
          payload: payloadOf(type, change, at),
        }));
    }),
  );
}
