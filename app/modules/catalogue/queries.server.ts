import type { pricedValuesOf } from "./schema";
import type { SelectQueryBuilder } from "kysely";
import type { Database } from "~/platform/db/schema";
import { insertRow, updateRow, deleteRow, findRow } from "~/platform/db/rows";
import { containsText } from "~/platform/db/dialect";
import { countRows } from "~/platform/db/count";
import { pageOf } from "~/platform/db/paging";
import { inChunks } from "~/platform/db/keyset";
import type { DB } from "~/platform/db/db.server";
import { toFlag } from "~/platform/db/values";
import { CATEGORY_TERMS, CLIENT_NAMES } from "~/platform/db/columns";

export function searchClients(db: DB, query: string, limit = 50) {
  let select = db
    .selectFrom("clients")
    .select(["id", "name_en", "name_ar", "address_en", "address_ar"])
    .orderBy("name_en")
    .limit(limit);
  const q = query.trim();
  if (q) select = select.where((eb) => eb.or([containsText(eb, "name_en", q), containsText(eb, "name_ar", q)]));
  return select.execute();
}

export function findClient(db: DB, id: number) {
  return findRow(db, "clients", id);
}

export function categoriesOfClient(db: DB, clientId: number) {
  return db.selectFrom("document_categories").selectAll().where("client_id", "=", clientId).orderBy("id").execute();
}

export function findCategory(db: DB, id: number) {
  return findRow(db, "document_categories", id);
}

/** A category's id, or a query that gives it (a request's category, read in the same query). */
type CategoryId = number | SelectQueryBuilder<Database, "document_requests", { document_category_id: number }>;

const ROW_COLUMNS = ["id", "created_at", "updated_at", "document_category_id", "is_required"] as const;

/** A category's required fields, in the order made; every column, named (the query also goes into `preparedLists`). */
export const requiredFieldsQuery = (db: DB, categoryId: CategoryId) =>
  db
    .selectFrom("document_required_fields")
    .select([...ROW_COLUMNS, "name_en", "name_ar", "field_name", "field_type"])
    .where("document_category_id", "=", categoryId)
    .orderBy("id");

/** A category's supporting document types, in the order made; every column, named. */
export const supportingTypesQuery = (db: DB, categoryId: CategoryId) =>
  db
    .selectFrom("supporting_document_types")
    .select([...ROW_COLUMNS, "document_type_en", "document_type_ar", "description_en", "description_ar"])
    .where("document_category_id", "=", categoryId)
    .orderBy("id");

export const requiredFieldsOf = (db: DB, categoryId: number) => requiredFieldsQuery(db, categoryId).execute();

export const supportingTypesOf = (db: DB, categoryId: number) => supportingTypesQuery(db, categoryId).execute();

function filteredCategories(db: DB, filter: { id?: number; clientId?: number; q?: string }) {
  let base = db.selectFrom("document_categories as c").innerJoin("clients as cl", "cl.id", "c.client_id");
  if (filter.id !== undefined) base = base.where("c.id", "=", filter.id);
  if (filter.clientId !== undefined) base = base.where("c.client_id", "=", filter.clientId);
  const q = filter.q?.trim();
  if (q) base = base.where((eb) => eb.or([containsText(eb, "c.name_en", q), containsText(eb, "c.name_ar", q)]));
  return base;
}

const CATEGORY_COLUMNS = [
  "c.id",
  "c.client_id",
  "c.name_en",
  "c.name_ar",
  "c.description_en",
  "c.description_ar",
  ...CATEGORY_TERMS,
  ...CLIENT_NAMES,
] as const;

export async function listCategories(
  db: DB,
  filter: { id?: number; clientId?: number; q?: string; page: number; size: number },
) {
  const base = filteredCategories(db, filter);
  return pageOf(base, base.select([...CATEGORY_COLUMNS]).orderBy("c.id", "desc"), filter);
}

/** Every document category the list's filters select, in id order, a chunk at a time (exports). */
export function categoriesForExport(db: DB, filter: { clientId?: number; q?: string }) {
  return inChunks((after, limit) =>
    filteredCategories(db, filter)
      .select([...CATEGORY_COLUMNS])
      .where("c.id", ">", after)
      .orderBy("c.id")
      .limit(limit)
      .execute(),
  );
}

export function listClientsForChooser(db: DB) {
  return db.selectFrom("clients").select(["id", "name_en", "name_ar"]).orderBy("name_en").execute();
}

/** What a priced category holds, a document category's or a client category's (pricedValuesOf makes it). */
export type PricedValues = ReturnType<typeof pricedValuesOf>;

/** A priced category's columns, as the inserts and updates of both kinds write them. */
export const pricedColumns = (values: PricedValues) => ({
  name_en: values.nameEn,
  name_ar: values.nameAr,
  description_en: values.descriptionEn,
  description_ar: values.descriptionAr,
  fee: values.fee,
  currency: values.currency,
  validity_period_days: values.validityDays,
});

export const insertCategory = (db: DB, values: PricedValues & { clientId: number }) =>
  insertRow(db, "document_categories", { client_id: values.clientId, ...pricedColumns(values) });

export const updateCategory = (db: DB, id: number, values: PricedValues) =>
  updateRow(db, "document_categories", id, pricedColumns(values));

export async function countRequestsOfCategory(db: DB, categoryId: number) {
  return countRows(db.selectFrom("document_requests").where("document_category_id", "=", categoryId));
}

export async function deleteCategory(db: DB, id: number) {
  await db.deleteFrom("request_drafts").where("document_category_id", "=", id).execute();
  await deleteRow(db, "document_categories", id);
}

export function requestCountsByCategory(db: DB, clientId: number) {
  return db
    .selectFrom("document_requests")
    .select(["document_category_id", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("client_id", "=", clientId)
    .groupBy(["document_category_id", "status"])
    .execute();
}

/** Required fields of one category, or of every category of a client (or all, for administrators). */
export async function listRequiredFields(
  db: DB,
  filter: { categoryId?: number; clientId?: number; q?: string; page: number; size: number },
) {
  let base = db.selectFrom("document_required_fields");
  if (filter.categoryId !== undefined) base = base.where("document_category_id", "=", filter.categoryId);
  if (filter.clientId !== undefined)
    base = base.where(
      "document_category_id",
      "in",
      db.selectFrom("document_categories").select("id").where("client_id", "=", filter.clientId),
    );
  const q = filter.q?.trim();
  if (q)
    base = base.where((eb) =>
      eb.or([containsText(eb, "name_en", q), containsText(eb, "name_ar", q), containsText(eb, "field_name", q)]),
    );
  return pageOf(base, base.selectAll().orderBy("id"), filter);
}

export function findRequiredField(db: DB, id: number) {
  return findRow(db, "document_required_fields", id);
}

export function findFieldByName(db: DB, categoryId: number, fieldName: string) {
  return db
    .selectFrom("document_required_fields")
    .select("id")
    .where("document_category_id", "=", categoryId)
    .where("field_name", "=", fieldName)
    .executeTakeFirst();
}

type RequiredFieldValues = {
  nameEn: string;
  nameAr: string;
  fieldName: string;
  fieldType: string;
  isRequired: boolean;
};
/** A required field's columns, as both its insert and its update write them. */
export const requiredFieldColumns = (values: RequiredFieldValues) => ({
  name_en: values.nameEn,
  name_ar: values.nameAr,
  field_name: values.fieldName,
  field_type: values.fieldType,
  is_required: toFlag(values.isRequired),
});

/** The tables of a category's children: its required fields and its supporting document types. */
export type ChildTable = "document_required_fields" | "supporting_document_types";

export const setChildRequired = (db: DB, table: ChildTable, id: number, isRequired: boolean) =>
  updateRow(db, table, id, { is_required: toFlag(isRequired) });

export const deleteChild = (db: DB, table: ChildTable, id: number) => deleteRow(db, table, id);

/** What a child row holds besides its category, as requiredFieldColumns or supportingTypeColumns write it. */
export type ChildColumns = ReturnType<typeof requiredFieldColumns> | ReturnType<typeof supportingTypeColumns>;

/** Adds a child of this kind to a category (its columns must be the table's: the service pairs them). */
export const insertChild = (db: DB, table: ChildTable, categoryId: number, columns: ChildColumns) =>
  insertRow(db, table, { document_category_id: categoryId, ...columns } as never);

export const updateChild = (db: DB, table: ChildTable, id: number, columns: ChildColumns) =>
  updateRow(db, table, id, columns as never);

export async function listSupportingTypes(
  db: DB,
  filter: { categoryId: number; q?: string; page: number; size: number },
) {
  let base = db.selectFrom("supporting_document_types").where("document_category_id", "=", filter.categoryId);
  const q = filter.q?.trim();
  if (q)
    base = base.where((eb) =>
      eb.or([containsText(eb, "document_type_en", q), containsText(eb, "document_type_ar", q)]),
    );
  return pageOf(base, base.selectAll().orderBy("id"), filter);
}

export function findSupportingType(db: DB, id: number) {
  return findRow(db, "supporting_document_types", id);
}

type SupportingTypeValues = {
  typeEn: string;
  typeAr: string;
  descriptionEn: string;
  descriptionAr: string;
  isRequired: boolean;
};
/** A supporting document type's columns, as both its insert and its update write them. */
export const supportingTypeColumns = (values: SupportingTypeValues) => ({
  document_type_en: values.typeEn,
  document_type_ar: values.typeAr,
  description_en: values.descriptionEn,
  description_ar: values.descriptionAr,
  is_required: toFlag(values.isRequired),
});

export async function countAttachmentsOfType(db: DB, typeId: number) {
  return countRows(db.selectFrom("attachments").where("supporting_document_type_id", "=", typeId));
}
