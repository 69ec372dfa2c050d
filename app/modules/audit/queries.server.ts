import { auditNow } from "~/platform/db/clock.server";
import type { DB } from "~/platform/db/db.server";
import { sql } from "kysely";
import { isPostgres } from "~/platform/db/dialect";
import type { Role } from "~/platform/db/schema";
import { KEYED_PREFIX, keyedChainHash, type ChainedFields } from "./chain";
import { auditChainKey } from "./chain-key.server";
import { inChunks } from "~/platform/db/keyset";
import { pageOf, type Paging } from "~/platform/db/paging";
import { usersMatching } from "~/platform/db/search";
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

/** Any number that names the audit chain's lock on PostgreSQL (pg_advisory_xact_lock): every writer takes it. */
const AUDIT_CHAIN_LOCK = 7_355_608;

/**
 * Appends an event to the chain (docs/architecture.md §22): in its transaction (the caller's, or one of its own), the
 * chain's last hash is read and this event's computed from it. SQLite writes one transaction at a time (this app
 * begins them IMMEDIATE); on PostgreSQL an advisory lock held to the commit keeps two writers from reading the same
 * last hash.
 */
export async function insertAuditEvent(db: DB, event: AuditEventInput) {
  const row = {
    at: auditNow(),
    actor_user_id: event.actorUserId ?? null,
    actor_role: event.actorRole ?? null,
    client_id: event.clientId ?? null,
    action: event.action,
    entity_type: event.entityType ?? null,
    entity_id: event.entityId ?? null,
    ip: event.ip ?? null,
    details: JSON.stringify(event.details ?? {}),
    request_id: currentRequestId(),
  };
  const append = async (trx: DB) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(trx);
    const last = await trx.selectFrom("audit_events").select("hash").orderBy("id", "desc").limit(1).executeTakeFirst();
    const previous = last?.hash ?? null;
    await trx
      .insertInto("audit_events")
      .values({ ...row, previous_hash: previous, hash: keyedChainHash(auditChainKey(), previous, row) })
      .execute();
  };
  await (db.isTransaction ? append(db) : db.transaction().execute(append));
}

/** Every event in id order with what its hash covers, a page at a time (`npm run audit:verify`). */
export async function* chainedEvents(db: DB) {
  let after = 0;
  for (;;) {
    const page = await db
      .selectFrom("audit_events")
      .select([
        "id",
        "at",
        "actor_user_id",
        "actor_role",
        "client_id",
        "action",
        "entity_type",
        "entity_id",
        "ip",
        "details",
        "request_id",
        "previous_hash",
        "hash",
      ])
      .where("id", ">", after)
      .orderBy("id")
      .limit(1000)
      .execute();
    yield* page;
    if (page.length < 1000) return;
    after = page[page.length - 1].id;
  }
}

export function listAuditEvents(db: DB, filter: { action?: string; entityType?: string; entityId?: number }) {
  let query = db.selectFrom("audit_events").selectAll().orderBy("id", "asc");
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.entityType) query = query.where("entity_type", "=", filter.entityType);
  if (filter.entityId !== undefined) query = query.where("entity_id", "=", filter.entityId);
  return query.execute();
}

/** What happened to one entity, oldest first (a request's or an attestation's timeline). */
export const auditEventsQuery = (db: DB, entityType: string, entityId: number) =>
  db
    .selectFrom("audit_events")
    .select(["id", "at", "action", "actor_role", "details"])
    .where("entity_type", "=", entityType)
    .where("entity_id", "=", entityId)
    .orderBy("id", "asc");

/** The audit trail's filters (docs/architecture.md §22): who, what, on what, whose, when. */
export interface AuditTrailFilter {
  /** Searches the person who acted (name or email). */
  q?: string;
  /** An action (`request.issue`), or a group of them (`request`). */
  action?: string;
  entityType?: string;
  entityId?: number;
  clientId?: number;
  /** Days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
}

function filteredTrail(db: DB, filter: AuditTrailFilter) {
  let base = db.selectFrom("audit_events as e");
  if (filter.clientId !== undefined) base = base.where("e.client_id", "=", filter.clientId);
  if (filter.action)
    base = filter.action.includes(".")
      ? base.where("e.action", "=", filter.action)
      : base.where("e.action", "like", `${filter.action}.%`);
  if (filter.entityType) base = base.where("e.entity_type", "=", filter.entityType);
  if (filter.entityId !== undefined) base = base.where("e.entity_id", "=", filter.entityId);
  if (filter.from) base = base.where("e.at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) base = base.where("e.at", "<=", `${filter.to}T23:59:59.999Z`);
  const q = filter.q?.trim();
  if (q) base = base.where("e.actor_user_id", "in", (eb) => usersMatching(eb, q));
  return base;
}

/** What the trail shows of an event: the event, who did it and in which client. */
const TRAIL_COLUMNS = [
  "e.id",
  "e.at",
  "e.action",
  "e.actor_role",
  "e.entity_type",
  "e.entity_id",
  "e.ip",
  "e.request_id",
  "e.details",
  "u.email as actor_email",
  "c.name_en as client_en",
  "c.name_ar as client_ar",
] as const;

const trailColumns = (base: ReturnType<typeof filteredTrail>) =>
  base
    .leftJoin("users as u", "u.id", "e.actor_user_id")
    .leftJoin("clients as c", "c.id", "e.client_id")
    .select(TRAIL_COLUMNS);

/** A page of the audit trail, newest first, with its total. */
export function listAuditTrail(db: DB, filter: AuditTrailFilter & Paging) {
  const base = filteredTrail(db, filter);
  return pageOf(base, trailColumns(base).orderBy("e.id", "desc"), filter);
}

/** The whole filtered trail in id order, a chunk at a time (the download). */
export function auditTrailForExport(db: DB, filter: AuditTrailFilter) {
  return inChunks((after, limit) =>
    trailColumns(filteredTrail(db, filter)).where("e.id", ">", after).orderBy("e.id").limit(limit).execute(),
  );
}

/** The clients the super admin may filter the trail by. */
export function clientsForTrail(db: DB) {
  return db.selectFrom("clients").select(["id", "name_en", "name_ar"]).orderBy("name_en").execute();
}

/** The chain's head: the last event's id and hash, or undefined before any event. */
export function chainHead(db: DB) {
  return db.selectFrom("audit_events").select(["id", "hash"]).orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** Whether any event still carries a plain hash (written before the chain was keyed). */
export async function hasPlainChain(db: DB) {
  const row = await db
    .selectFrom("audit_events")
    .select("id")
    .where((eb) => eb.or([eb("hash", "is", null), eb("hash", "not like", `${KEYED_PREFIX}%`)]))
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Rewrites every event's hashes as `rehash` gives them, in id order, in one transaction, the append-only trigger lifted
 * for this one pass (as migration 0016 did): keying a chain written before it was keyed.
 */
export async function rechainAuditEvents(db: DB, rehash: (previous: string | null, row: ChainedFields) => string) {
  await db.transaction().execute(async (trx) => {
    const postgres = isPostgres(trx);
    if (postgres) await sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`.execute(trx);
    else await sql`DROP TRIGGER IF EXISTS audit_events_no_update`.execute(trx);
    let previous: string | null = null;
    for await (const row of chainedEvents(trx)) {
      const hash = rehash(previous, row);
      // The table's columns take no update (its type says so, as its trigger does): this one pass writes SQL.
      await sql`UPDATE audit_events SET previous_hash = ${previous}, hash = ${hash} WHERE id = ${row.id}`.execute(trx);
      previous = hash;
    }
    if (postgres) await sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change`.execute(trx);
    else
      await sql`CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
        BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`.execute(trx);
  });
}
