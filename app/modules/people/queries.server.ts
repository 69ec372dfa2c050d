import { insertRow, updateRow } from "~/platform/db/rows";
import { containsText } from "~/platform/db/dialect";
import { pageOf } from "~/platform/db/paging";
import { inChunks } from "~/platform/db/keyset";
import type { DB } from "~/platform/db/db.server";
import type { Database, UserStatus } from "~/platform/db/schema";
import type { ExpressionBuilder } from "kysely";

import type { ManagedRole } from "./schema";
import { toFlag } from "~/platform/db/values";

export type { ManagedRole };

export interface PersonValues {
  firstNameEn: string;
  firstNameAr: string;
  lastNameEn: string;
  lastNameAr: string;
  email: string;
  phone: string;
  nin: string;
}

export interface ClientAdminValues {
  jobTitle: string;
  permissions: readonly string[];
  canDoAttestation: boolean;
}

const userColumns = (values: PersonValues) => ({
  first_name_en: values.firstNameEn,
  first_name_ar: values.firstNameAr,
  last_name_en: values.lastNameEn,
  last_name_ar: values.lastNameAr,
  email: values.email.trim().toLowerCase(),
  phone: values.phone,
  nin: values.nin,
});

const clientAdminColumns = (values: ClientAdminValues) => ({
  job_title: values.jobTitle,
  permissions: JSON.stringify(values.permissions),
  can_do_attestation: toFlag(values.canDoAttestation),
});

/** A person's names (English case-insensitive), email, phone or national id contains the search. */
const matchesSearch = (eb: ExpressionBuilder<Database, "users">, q: string) =>
  eb.or(
    [
      "users.first_name_en",
      "users.last_name_en",
      "users.first_name_ar",
      "users.last_name_ar",
      "users.email",
      "users.phone",
      "users.nin",
    ].map((column) => containsText(eb, column, q)),
  );

/** Access: how many sessions the person has open. */
const openSessions = (eb: ExpressionBuilder<Database, "users">) =>
  eb
    .selectFrom("sessions")
    .select((inner) => inner.fn.countAll<number>().as("n"))
    .whereRef("sessions.user_id", "=", "users.id")
    .as("open_sessions");

/** Work: how many requests the person acted on (the audit trail). */
const requestsHandled = (eb: ExpressionBuilder<Database, "users">) =>
  eb
    .selectFrom("audit_events")
    .select((inner) => inner.fn.count<number>("audit_events.entity_id").distinct().as("n"))
    .whereRef("audit_events.actor_user_id", "=", "users.id")
    .where("audit_events.entity_type", "=", "DOCUMENT_REQUESTS")
    .as("requests_handled");

const LIST_COLUMNS = [
  "users.id",
  "users.first_name_en",
  "users.first_name_ar",
  "users.last_name_en",
  "users.last_name_ar",
  "users.email",
  "users.status",
] as const;

export async function listPeople(db: DB, role: ManagedRole, filter: { q: string; page: number; size: number }) {
  let query = db
    .selectFrom("users")
    .leftJoin("client_admins", "client_admins.user_id", "users.id")
    .leftJoin("clients", "clients.id", "client_admins.client_id")
    .where("users.role", "=", role);
  if (filter.q) {
    query = query.where((eb) => matchesSearch(eb, filter.q));
  }
  return pageOf(
    query,
    query
      .select([
        ...LIST_COLUMNS,
        "clients.id as client_id",
        "clients.name_en as client_en",
        "clients.name_ar as client_ar",
        "client_admins.job_title",
        "users.nin_verified_at",
        "users.nin_verified_method",
        "users.nin_duplicate",
      ])
      .orderBy("users.first_name_en")
      .orderBy("users.id"),
    filter,
  );
}

export function findPerson(db: DB, role: ManagedRole, id: number) {
  return db
    .selectFrom("users")
    .leftJoin("client_admins", "client_admins.user_id", "users.id")
    .leftJoin("clients", "clients.id", "client_admins.client_id")
    .select([
      ...LIST_COLUMNS,
      "users.phone",
      "users.nin",
      "users.created_at",
      "client_admins.job_title",
      "client_admins.permissions",
      "client_admins.can_do_attestation",
      "clients.id as client_id",
      "clients.name_en as client_en",
      "clients.name_ar as client_ar",
      "clients.client_admin_id as primary_admin_id",
    ])
    .where("users.role", "=", role)
    .where("users.id", "=", id)
    .executeTakeFirst();
}

/** Emails are unique whatever their case (they are stored lower-cased). */
export async function emailTaken(db: DB, email: string, exceptUserId?: number) {
  let query = db.selectFrom("users").select("id").where("email", "=", email.trim().toLowerCase());
  if (exceptUserId !== undefined) query = query.where("id", "<>", exceptUserId);
  return Boolean(await query.executeTakeFirst());
}

export async function insertPerson(db: DB, role: ManagedRole, values: PersonValues, passwordHash: string) {
  return insertRow(db, "users", { ...userColumns(values), role, password_hash: passwordHash });
}

/** A national ID that changes is no longer verified, nor a duplicate (docs/decisions/0022). */
export async function unverifyChangedNin(db: DB, id: number, nin: string) {
  await db
    .updateTable("users")
    .set({
      nin_verified_at: null,
      nin_verified_method: null,
      nin_verified_by: null,
      nin_verified_client_id: null,
      nin_duplicate: 0,
    })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("nin", "is", null), eb("nin", "!=", nin)]))
    .execute();
}

export async function updatePerson(db: DB, id: number, values: PersonValues, passwordHash?: string) {
  await unverifyChangedNin(db, id, values.nin);
  await updateRow(db, "users", id, {
    ...userColumns(values),
    ...(passwordHash ? { password_hash: passwordHash } : {}),
  });
}

export async function insertClientAdminRecord(db: DB, userId: number, values: ClientAdminValues) {
  await db
    .insertInto("client_admins")
    .values({ user_id: userId, client_id: null, ...clientAdminColumns(values) })
    .execute();
}

export async function updateClientAdminRecord(db: DB, userId: number, values: ClientAdminValues) {
  await db.updateTable("client_admins").set(clientAdminColumns(values)).where("user_id", "=", userId).execute();
}

export async function setUserStatus(db: DB, id: number, status: UserStatus) {
  await updateRow(db, "users", id, { status });
}

/**
 * Clerks with their work (job title, requests they acted on) and access (last sign-in, open sessions),
 * within a client when `clientId` is given.
 */
export async function listClerks(db: DB, filter: { q: string; page: number; size: number; clientId?: number }) {
  let query = db
    .selectFrom("users")
    .innerJoin("clerks", "clerks.user_id", "users.id")
    .leftJoin("clients", "clients.id", "clerks.client_id")
    .where("users.role", "=", "CLERK");
  if (filter.clientId !== undefined) query = query.where("clerks.client_id", "=", filter.clientId);
  if (filter.q) {
    query = query.where((eb) => matchesSearch(eb, filter.q));
  }
  return pageOf(
    query,
    query
      .select((eb) => [
        ...LIST_COLUMNS,
        "users.last_sign_in_at",
        "clients.id as client_id",
        "clients.name_en as client_en",
        "clients.name_ar as client_ar",
        "clerks.job_title",
        openSessions(eb),
        requestsHandled(eb),
      ])
      .orderBy("users.first_name_en")
      .orderBy("users.id"),
    filter,
  );
}

export function findClerk(db: DB, id: number) {
  return db
    .selectFrom("users")
    .innerJoin("clerks", "clerks.user_id", "users.id")
    .leftJoin("clients", "clients.id", "clerks.client_id")
    .select((eb) => [
      ...LIST_COLUMNS,
      "users.phone",
      "users.nin",
      "users.created_at",
      "users.last_sign_in_at",
      "clerks.job_title",
      "clients.id as client_id",
      "clients.name_en as client_en",
      "clients.name_ar as client_ar",
      openSessions(eb),
      requestsHandled(eb),
    ])
    .where("users.role", "=", "CLERK")
    .where("users.id", "=", id)
    .executeTakeFirst();
}

/** What a person did last, from the audit trail. */
export function latestActionsOf(db: DB, userId: number, limit = 10) {
  return db
    .selectFrom("audit_events")
    .select(["id", "at", "action", "entity_type", "entity_id"])
    .where("actor_user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function updateClerkRecord(db: DB, userId: number, values: { clientId: number; jobTitle: string | null }) {
  await db
    .updateTable("clerks")
    .set({ client_id: values.clientId, job_title: values.jobTitle })
    .where("user_id", "=", userId)
    .execute();
}

export function clientOptions(db: DB) {
  return db.selectFrom("clients").select(["id", "name_en", "name_ar"]).orderBy("name_en").execute();
}

export function clientExists(db: DB, id: number) {
  return db.selectFrom("clients").select("id").where("id", "=", id).executeTakeFirst();
}

/** Everyone of a role a people list selects (its search, and for clerks its client), in id order, a chunk at a time (exports). */
export function peopleForExport(db: DB, role: ManagedRole, filter: { q: string; clientId?: number }) {
  return inChunks(async (after, limit) => {
    let query = db
      .selectFrom("users")
      .leftJoin("clerks", "clerks.user_id", "users.id")
      .leftJoin("client_admins", "client_admins.user_id", "users.id")
      .leftJoin("clients as clerk_client", "clerk_client.id", "clerks.client_id")
      .leftJoin("clients as admin_client", "admin_client.id", "client_admins.client_id")
      .where("users.role", "=", role)
      .where("users.id", ">", after);
    if (filter.q) query = query.where((eb) => matchesSearch(eb, filter.q));
    if (filter.clientId !== undefined) query = query.where("clerks.client_id", "=", filter.clientId);
    const rows = await query
      .select([
        ...LIST_COLUMNS,
        "users.phone",
        "users.nin",
        "users.created_at",
        "clerk_client.name_en as clerk_client_en",
        "clerk_client.name_ar as clerk_client_ar",
        "admin_client.name_en as admin_client_en",
        "admin_client.name_ar as admin_client_ar",
      ])
      .orderBy("users.id")
      .limit(limit)
      .execute();
    return rows.map(({ clerk_client_en, clerk_client_ar, admin_client_en, admin_client_ar, ...row }) => ({
      ...row,
      client_en: clerk_client_en ?? admin_client_en,
      client_ar: clerk_client_ar ?? admin_client_ar,
    }));
  });
}
