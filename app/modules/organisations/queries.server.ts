import { insertRow, updateRow, deleteRow, findRow } from "~/platform/db/rows";
import { containsText } from "~/platform/db/dialect";
import type { ExpressionBuilder } from "kysely";
import { pageOf } from "~/platform/db/paging";
import { inChunks } from "~/platform/db/keyset";
import type { DB } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { pricedColumns, type PricedValues } from "~/modules/catalogue/queries.server";
import { toFlag } from "~/platform/db/values";
import { type BilingualNote } from "~/utils/bilingual";

export type ClientCategoryValues = PricedValues;
const columns = pricedColumns;

function filteredClientCategories(db: DB, q: string) {
  let query = db.selectFrom("client_categories");
  if (q) query = query.where((eb) => eb.or([containsText(eb, "name_en", q), containsText(eb, "name_ar", q)]));
  return query;
}

const clientCount = (eb: ExpressionBuilder<Database, "client_categories">) =>
  eb
    .selectFrom("clients")
    .whereRef("clients.client_category_id", "=", "client_categories.id")
    .select((inner) => inner.fn.countAll<number>().as("n"))
    .as("client_count");

const CLIENT_CATEGORY_COLUMNS = [
  "client_categories.id",
  "client_categories.name_en",
  "client_categories.name_ar",
  "client_categories.fee",
  "client_categories.currency",
  "client_categories.validity_period_days",
] as const;

export async function listClientCategories(db: DB, filter: { q: string; page: number; size: number }) {
  const query = filteredClientCategories(db, filter.q);
  return pageOf(
    query,
    query
      .select((eb) => [...CLIENT_CATEGORY_COLUMNS, clientCount(eb)])
      .orderBy("name_en")
      .orderBy("id"),
    filter,
  );
}

/** Every client category the list's search selects, in id order, a chunk at a time (exports). */
export function clientCategoriesForExport(db: DB, q: string) {
  return inChunks((after, limit) =>
    filteredClientCategories(db, q)
      .select((eb) => [...CLIENT_CATEGORY_COLUMNS, clientCount(eb), "client_categories.created_at"])
      .where("client_categories.id", ">", after)
      .orderBy("client_categories.id")
      .limit(limit)
      .execute(),
  );
}

export function findClientCategory(db: DB, id: number) {
  return findRow(db, "client_categories", id);
}

export function clientsOfCategory(db: DB, categoryId: number) {
  return db
    .selectFrom("clients")
    .select(["id", "name_en", "name_ar"])
    .where("client_category_id", "=", categoryId)
    .orderBy("name_en")
    .execute();
}

export async function insertClientCategory(db: DB, values: ClientCategoryValues) {
  return insertRow(db, "client_categories", columns(values));
}

export async function updateClientCategory(db: DB, id: number, values: ClientCategoryValues) {
  await updateRow(db, "client_categories", id, columns(values));
}

export async function deleteClientCategory(db: DB, id: number) {
  await deleteRow(db, "client_categories", id);
}

export interface ClientValues {
  nameEn: string;
  nameAr: string;
  address: BilingualNote;
  clientCategoryId: number;
  clientAdminId: number | null;
  canDoSincera: boolean;
  canDoAttestation: boolean;
}

const clientColumns = (values: ClientValues) => ({
  name_en: values.nameEn,
  name_ar: values.nameAr,
  address_en: values.address.en,
  address_ar: values.address.ar,
  client_category_id: values.clientCategoryId,
  client_admin_id: values.clientAdminId,
  can_do_sincera: toFlag(values.canDoSincera),
  can_do_attestation: toFlag(values.canDoAttestation),
});

function filteredClients(db: DB, q: string) {
  let query = db
    .selectFrom("clients")
    .innerJoin("client_categories", "client_categories.id", "clients.client_category_id");
  if (q)
    query = query.where((eb) =>
      eb.or([containsText(eb, "clients.name_en", q), containsText(eb, "clients.name_ar", q)]),
    );
  return query;
}

const CLIENT_COLUMNS = [
  "clients.id",
  "clients.name_en",
  "clients.name_ar",
  "client_categories.id as category_id",
  "client_categories.name_en as category_en",
  "client_categories.name_ar as category_ar",
] as const;

export async function listClients(db: DB, filter: { q: string; page: number; size: number }) {
  const query = filteredClients(db, filter.q);
  return pageOf(
    query,
    query
      .select([...CLIENT_COLUMNS])
      .orderBy("clients.name_en")
      .orderBy("clients.id"),
    filter,
  );
}

/** Every client the list's search selects, in id order, a chunk at a time (exports). */
export function clientsForExport(db: DB, q: string) {
  return inChunks((after, limit) =>
    filteredClients(db, q)
      .select([
        ...CLIENT_COLUMNS,
        "clients.address_en",
        "clients.address_ar",
        "clients.can_do_sincera",
        "clients.can_do_attestation",
        "clients.created_at",
      ])
      .where("clients.id", ">", after)
      .orderBy("clients.id")
      .limit(limit)
      .execute(),
  );
}

export function findClient(db: DB, id: number) {
  return filteredClients(db, "")
    .leftJoin("users", "users.id", "clients.client_admin_id")
    .select([
      ...CLIENT_COLUMNS,
      "clients.id as client_id",
      "clients.address_en",
      "clients.address_ar",
      "clients.can_do_sincera",
      "clients.can_do_attestation",
      "clients.client_category_id",
      "clients.client_admin_id",
      "clients.created_at",
      "users.first_name_en as admin_first_en",
      "users.last_name_en as admin_last_en",
      "users.first_name_ar as admin_first_ar",
      "users.last_name_ar as admin_last_ar",
    ])
    .where("clients.id", "=", id)
    .executeTakeFirst();
}

const personColumns = [
  "users.id",
  "users.first_name_en",
  "users.last_name_en",
  "users.first_name_ar",
  "users.last_name_ar",
  "users.status",
] as const;

export function adminsOfClient(db: DB, clientId: number) {
  return db
    .selectFrom("client_admins")
    .innerJoin("users", "users.id", "client_admins.user_id")
    .select(personColumns)
    .where("client_admins.client_id", "=", clientId)
    .orderBy("users.first_name_en")
    .execute();
}

export function clerksOfClient(db: DB, clientId: number) {
  return db
    .selectFrom("clerks")
    .innerJoin("users", "users.id", "clerks.user_id")
    .select([...personColumns, "clerks.job_title"])
    .where("clerks.client_id", "=", clientId)
    .orderBy("users.first_name_en")
    .execute();
}

export function documentCategoriesOfClient(db: DB, clientId: number) {
  return db
    .selectFrom("document_categories")
    .select(["id", "name_en", "name_ar"])
    .where("client_id", "=", clientId)
    .orderBy("name_en")
    .execute();
}

/**
 * The client admins a client may name as its primary admin: those without a client, and the one it
 * names now (docs/architecture.md §16).
 */
export function assignableClientAdmins(db: DB, clientId: number | null) {
  return db
    .selectFrom("client_admins")
    .innerJoin("users", "users.id", "client_admins.user_id")
    .select(personColumns)
    .where((eb) =>
      clientId === null
        ? eb("client_admins.client_id", "is", null)
        : eb.or([eb("client_admins.client_id", "is", null), eb("client_admins.client_id", "=", clientId)]),
    )
    .where("users.status", "=", "ACTIVE")
    .orderBy("users.first_name_en")
    .execute();
}

export function clientCategoryOptions(db: DB) {
  return db.selectFrom("client_categories").select(["id", "name_en", "name_ar"]).orderBy("name_en").execute();
}

/** The rows that keep a client from being deleted, by kind (docs/architecture.md §16). */
export async function clientReferences(db: DB, clientId: number) {
  const count = async (
    table:
      | "client_admins"
      | "clerks"
      | "document_categories"
      | "document_requests"
      | "request_drafts"
      | "attestations"
      | "public_announcements",
  ) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("client_id", "=", clientId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    admins: await count("client_admins"),
    clerks: await count("clerks"),
    categories: await count("document_categories"),
    requests: (await count("document_requests")) + (await count("request_drafts")),
    attestations: await count("attestations"),
    announcements: await count("public_announcements"),
  };
}

export async function insertClient(db: DB, values: ClientValues) {
  return insertRow(db, "clients", clientColumns(values));
}

export async function updateClient(db: DB, id: number, values: ClientValues) {
  await updateRow(db, "clients", id, clientColumns(values));
}

export async function deleteClient(db: DB, id: number) {
  await deleteRow(db, "clients", id);
}

/** Whether this user is a client admin who may become `clientId`'s primary admin. */
export async function isAssignableClientAdmin(db: DB, userId: number, clientId: number | null) {
  return (await assignableClientAdmins(db, clientId)).some((admin) => admin.id === userId);
}

/** Saving a client with a primary admin sets that admin's client (docs/architecture.md §14). */
export async function assignClientAdmin(db: DB, userId: number, clientId: number) {
  await db.updateTable("client_admins").set({ client_id: clientId }).where("user_id", "=", userId).execute();
}

export async function clientCategoryExists(db: DB, id: number) {
  return Boolean(await db.selectFrom("client_categories").select("id").where("id", "=", id).executeTakeFirst());
}
