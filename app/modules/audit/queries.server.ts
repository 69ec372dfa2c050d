import { auditNow } from "~/db/clock.server";
import type { DB } from "~/db/db.server";
import type { Role } from "~/db/schema";
import { currentRequestId } from "~/platform/log/logger.server";

export interface AuditEventInput {
  actorUserId?: number | null;
  actorRole?: Role | null;
  clientId?: number | null;
  action: string;
  entityType?: string | null;
  entityId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function insertAuditEvent(db: DB, event: AuditEventInput) {
  await db
    .insertInto("audit_events")
    .values({
      actor_user_id: event.actorUserId ?? null,
      actor_role: event.actorRole ?? null,
      client_id: event.clientId ?? null,
      action: event.action,
      entity_type: event.entityType ?? null,
      entity_id: event.entityId ?? null,
      ip: event.ip ?? null,
      details: JSON.stringify(event.details ?? {}),
      at: auditNow(),
      request_id: currentRequestId(),
    })
    .execute();
}

export function listAuditEvents(db: DB, filter: { action?: string; entityType?: string; entityId?: number }) {
  let query = db.selectFrom("audit_events").selectAll().orderBy("id", "asc");
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.entityType) query = query.where("entity_type", "=", filter.entityType);
  if (filter.entityId !== undefined) query = query.where("entity_id", "=", filter.entityId);
  return query.execute();
}

/** What happened to one entity, oldest first (a request's or an attestation's timeline). */
export function auditEventsOf(db: DB, entityType: string, entityId: number) {
  return db
    .selectFrom("audit_events")
    .select(["id", "at", "action", "actor_role", "details"])
    .where("entity_type", "=", entityType)
    .where("entity_id", "=", entityId)
    .orderBy("id", "asc")
    .execute();
}
