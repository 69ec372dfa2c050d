import type { DB } from "~/platform/db/db.server";
import { nowIso } from "~/platform/db/values";

/** What the audit helper writes with a change: the deliveries of its webhooks (docs/decisions/0019). */
export interface NewDelivery {
  endpointId: number;
  messageId: string;
  eventType: string;
  payload: string;
}

export function activeEndpointsOf(db: DB, clientId: number) {
  return db
    .selectFrom("webhook_endpoints")
    .select(["id", "events"])
    .where("client_id", "=", clientId)
    .where("status", "=", "ACTIVE")
    .execute();
}

export async function insertDeliveries(db: DB, deliveries: NewDelivery[]) {
  if (deliveries.length === 0) return;
  await db
    .insertInto("webhook_deliveries")
    .values(
      deliveries.map((delivery) => ({
        endpoint_id: delivery.endpointId,
        message_id: delivery.messageId,
        event_type: delivery.eventType,
        payload: delivery.payload,
        next_attempt_at: nowIso(),
      })),
    )
    .execute();
}

/** Deliveries by state: the webhook backlog a scrape reports. */
export function countDeliveriesByStatus(db: DB) {
  return db
    .selectFrom("webhook_deliveries")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
}
