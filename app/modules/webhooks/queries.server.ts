import { insertRow, deleteRow, findRow } from "~/platform/db/rows";
import type { DB } from "~/platform/db/db.server";
import { pageOf, type Paging } from "~/platform/db/paging";
import { nowIso } from "~/platform/db/values";

/** What sending a delivery needs: the delivery and its endpoint. */
const DUE_DELIVERY_COLUMNS = [
  "webhook_deliveries.id",
  "webhook_deliveries.message_id",
  "webhook_deliveries.payload",
  "webhook_deliveries.attempts",
  "webhook_deliveries.next_attempt_at",
  "webhook_endpoints.id as endpoint_id",
  "webhook_endpoints.url",
  "webhook_endpoints.secret_sealed",
] as const;

/** Deliveries due now, of endpoints that are on. */
export function findDueDeliveries(db: DB, at: string, limit: number) {
  return db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhook_endpoints", "webhook_endpoints.id", "webhook_deliveries.endpoint_id")
    .select(DUE_DELIVERY_COLUMNS)
    .where("webhook_deliveries.status", "=", "PENDING")
    .where("webhook_deliveries.next_attempt_at", "<=", at)
    .where("webhook_endpoints.status", "=", "ACTIVE")
    .orderBy("webhook_deliveries.id")
    .limit(limit)
    .execute();
}

/** Compare-and-set on the time it was due, as the mail outbox claims (several servers may be sending). */
export async function claimDelivery(db: DB, id: number, dueAt: string, until: string) {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ next_attempt_at: until })
    .where("id", "=", id)
    .where("status", "=", "PENDING")
    .where("next_attempt_at", "=", dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordAttempt(
  db: DB,
  id: number,
  attempt: {
    at: string;
    delivered: boolean;
    attempts: number;
    nextAttemptAt: string;
    status: number | null;
    ms: number;
    error: string | null;
  },
) {
  await db
    .updateTable("webhook_deliveries")
    .set({
      status: attempt.delivered ? "DELIVERED" : "PENDING",
      attempts: attempt.attempts,
      next_attempt_at: attempt.nextAttemptAt,
      last_attempt_at: attempt.at,
      last_status: attempt.status,
      last_duration_ms: Math.round(attempt.ms),
      last_error: attempt.error?.slice(0, 300) ?? null,
      delivered_at: attempt.delivered ? attempt.at : null,
    })
    .where("id", "=", id)
    .execute();
}

/** An endpoint answered: it is healthy again. */
export async function clearFailing(db: DB, endpointId: number) {
  await db
    .updateTable("webhook_endpoints")
    .set({ failing_since: null })
    .where("id", "=", endpointId)
    .where("failing_since", "is not", null)
    .execute();
}

/** An endpoint failed: since when, kept from its first failure. */
export async function markFailing(db: DB, endpointId: number, at: string) {
  await db
    .updateTable("webhook_endpoints")
    .set({ failing_since: at })
    .where("id", "=", endpointId)
    .where("failing_since", "is", null)
    .execute();
}

/** Turns off an endpoint that has failed since before `before`; true if this call did. */
export async function disableIfFailingSince(db: DB, endpointId: number, before: string) {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({ status: "DISABLED" })
    .where("id", "=", endpointId)
    .where("status", "=", "ACTIVE")
    .where("failing_since", "<=", before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function endpointsOfClient(db: DB, clientId: number) {
  return db
    .selectFrom("webhook_endpoints")
    .select((eb) => [
      "webhook_endpoints.id",
      "webhook_endpoints.url",
      "webhook_endpoints.events",
      "webhook_endpoints.status",
      "webhook_endpoints.failing_since",
      "webhook_endpoints.created_at",
      eb
        .selectFrom("webhook_deliveries")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("webhook_deliveries.endpoint_id", "=", "webhook_endpoints.id")
        .where("webhook_deliveries.status", "=", "PENDING")
        .as("pending"),
    ])
    .where("client_id", "=", clientId)
    .orderBy("id")
    .execute();
}

export function findEndpoint(db: DB, id: number) {
  return findRow(db, "webhook_endpoints", id);
}

/** Whether the organisation already has an endpoint at this address. */
export async function hasEndpointAt(db: DB, clientId: number, url: string) {
  const row = await db
    .selectFrom("webhook_endpoints")
    .select("id")
    .where("client_id", "=", clientId)
    .where("url", "=", url)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertEndpoint(
  db: DB,
  values: { clientId: number; url: string; events: string[]; secretSealed: string; createdBy: number | null },
) {
  return insertRow(db, "webhook_endpoints", {
    client_id: values.clientId,
    url: values.url,
    events: JSON.stringify(values.events),
    secret_sealed: values.secretSealed,
    created_by: values.createdBy,
  });
}

export async function updateEndpoint(
  db: DB,
  id: number,
  values: Partial<{ secret_sealed: string; status: "ACTIVE" | "DISABLED"; failing_since: string | null }>,
) {
  await db.updateTable("webhook_endpoints").set(values).where("id", "=", id).execute();
}

export async function deleteEndpoint(db: DB, id: number) {
  await deleteRow(db, "webhook_endpoints", id);
}

/** An endpoint's delivery log, newest first. */
/** One page of an endpoint's delivery log, newest first, and how many deliveries it has. */
export function deliveriesOf(db: DB, endpointId: number, paging: Paging) {
  const ofEndpoint = db.selectFrom("webhook_deliveries").where("endpoint_id", "=", endpointId);
  return pageOf(
    ofEndpoint,
    ofEndpoint
      .select([
        "id",
        "message_id",
        "event_type",
        "status",
        "attempts",
        "next_attempt_at",
        "last_attempt_at",
        "last_status",
        "last_duration_ms",
        "last_error",
        "created_at",
      ])
      .orderBy("id", "desc"),
    paging,
  );
}

export function findDelivery(db: DB, id: number) {
  return findRow(db, "webhook_deliveries", id);
}

/** "Send again": due now, whatever it was (a delivered one is sent again with its id: receivers deduplicate). */
export async function resetDelivery(db: DB, id: number) {
  await db
    .updateTable("webhook_deliveries")
    .set({ status: "PENDING", next_attempt_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

/** The client admins of an organisation, who hear of its webhooks. */
export function activeClientAdminsOf(db: DB, clientId: number) {
  return db
    .selectFrom("client_admins")
    .innerJoin("users", "users.id", "client_admins.user_id")
    .select("users.id")
    .where("client_admins.client_id", "=", clientId)
    .where("users.status", "=", "ACTIVE")
    .execute();
}

/** Forgets deliveries that arrived before `beforeIso` (the retention sweep); those still waiting are kept. */
export async function deleteDeliveredBefore(db: DB, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom("webhook_deliveries")
    .where("status", "=", "DELIVERED")
    .where("delivered_at", "<", beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
