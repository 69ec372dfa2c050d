import type { InferResult } from "kysely";
import type { DB } from "~/platform/db/db.server";
import { done, type Outcome, type Refused } from "~/platform/outcome";
import type { Role } from "~/platform/db/schema";
import type { EntityType } from "~/platform/db/schema";
import { webhookEventsOf } from "~/platform/webhooks/events";
import { queueWebhooks } from "~/platform/webhooks/queue.server";
import { logger } from "~/platform/log/logger.server";
import { firstBreak, keyedChainHash, type ChainCheckpoint } from "./chain";
import { auditChainKey } from "./chain-key.server";
import { auditEventsQuery, chainedEvents, hasPlainChain, insertAuditEvent, rechainAuditEvents } from "./queries.server";

/** Who did it: a principal (docs/architecture.md §15) satisfies this, and so does the sign-in of a known user. */
export interface AuditActor {
  userId: number | null;
  role: Role | null;
  ip: string | null;
}

export interface AuditEvent {
  action: string;
  entityType?: string | null;
  entityId?: number | null;
  clientId?: number | null;
  details?: Record<string, unknown>;
}

/**
 * THE audit helper: every state change and sign-in writes one event, in the caller's transaction. A change an
 * organisation's systems may be told of also queues its webhooks there (docs/decisions/0019).
 */
/**
 * "Refuse if in use, delete, audit" (docs/architecture.md §16), in one transaction: `inUse` may answer a refusal (then
 * nothing changes and the page says why); else `remove` deletes and `event` is recorded.
 */
export async function removeAudited(
  db: DB,
  actor: AuditActor,
  event: AuditEvent,
  steps: { inUse: (trx: DB) => Promise<Refused | null>; remove: (trx: DB) => Promise<unknown> },
): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const refusal = await steps.inUse(trx);
    if (refusal) return refusal;
    await steps.remove(trx);
    await audit(trx, actor, event);
    return done();
  });
}

export async function audit(db: DB, actor: AuditActor, event: AuditEvent) {
  const types = webhookEventsOf(event.action);
  if (types.length === 0 || !event.clientId) return record(db, actor, event);
  const clientId = event.clientId;
  const both = async (trx: DB) => {
    await record(trx, actor, event);
    await queueWebhooks(trx, types, {
      clientId,
      entityType: event.entityType ?? null,
      entityId: event.entityId ?? null,
      details: event.details ?? {},
    });
  };
  await (db.isTransaction ? both(db) : db.transaction().execute(both));
}

function record(db: DB, actor: AuditActor, event: AuditEvent) {
  return insertAuditEvent(db, {
    actorUserId: actor.userId,
    actorRole: actor.role,
    ip: actor.ip,
    clientId: event.clientId ?? null,
    action: event.action,
    entityType: event.entityType ?? null,
    entityId: event.entityId ?? null,
    details: event.details,
  });
}

/** Changes made by the system itself (the command line, the demo data). */
export const SYSTEM: AuditActor = { userId: null, role: null, ip: null };

/** An entity's timeline: its audit events with their details (the notes staff left, the statuses set). */
export async function timelineOf(db: DB, entityType: EntityType, entityId: number) {
  return timelineFrom(await timelineQuery(db, entityType, entityId).execute());
}

/** The query of an entity's timeline, for `preparedLists`; `timelineFrom` reads its rows. */
export const timelineQuery = (db: DB, entityType: EntityType, entityId: number) =>
  auditEventsQuery(db, entityType, entityId);

export function timelineFrom(events: InferResult<ReturnType<typeof auditEventsQuery>>) {
  return events.map((event) => ({
    ...event,
    details: JSON.parse(event.details) as { status?: string; note?: string | { en: string | null; ar: string | null } },
  }));
}

/**
 * Walks the audit chain (`npm run audit:verify`): how many events hold, the first changed or removed, and the
 * checkpoints (heads recorded outside the database) it no longer agrees with.
 */
export const verifyAuditChain = (db: DB, checkpoints: ChainCheckpoint[] = []) =>
  firstBreak(chainedEvents(db), auditChainKey(), checkpoints);

/**
 * At start, once: a chain written before it was keyed (plain SHA-256) is checked as it was, then keyed, every event
 * rehashed with the HMAC (docs/architecture.md §22). A plain chain that no longer holds is left as it is and said:
 * keying it would bless the edit; `npm run audit:verify` names the break.
 */
export async function keyAuditChain(db: DB) {
  if (!(await hasPlainChain(db))) return;
  const { broken } = await firstBreak(chainedEvents(db), "plain");
  if (broken) {
    logger.error({ broken }, "the audit chain does not hold: it was left unkeyed");
    return;
  }
  const key = auditChainKey();
  await rechainAuditEvents(db, (previous, row) => keyedChainHash(key, previous, row));
  logger.info("the audit chain is now keyed");
}
