import { conflict, done, type Outcome } from "~/platform/outcome";
import type { DB } from "~/platform/db/db.server";
import { audit, type AuditActor, removeAudited } from "~/modules/audit/service.server";
import { inScope, type Principal } from "~/modules/access";
import {
  countAttachmentsOfType,
  countRequestsOfCategory,
  deleteChild,
  deleteCategory,
  findCategory,
  findFieldByName,
  findRequiredField,
  findSupportingType,
  insertCategory,
  setChildRequired,
  insertChild,
  updateChild,
  requiredFieldColumns,
  supportingTypeColumns,
  type ChildColumns,
  updateCategory,
} from "./queries.server";
import { pricedValuesOf, type CategoryInput, type RequiredFieldInput, type SupportingTypeInput } from "./schema";

const isId = (id: number) => Number.isInteger(id) && id > 0;

/**
 * The category, field or document type when it exists AND lies in the principal's scope; null otherwise,
 * so another client's id looks exactly like one that does not exist (docs/architecture.md §15).
 */
export async function categoryInScope(db: DB, id: number, principal: Principal) {
  const category = isId(id) ? await findCategory(db, id) : undefined;
  return category && inScope(principal, category) ? category : null;
}

/** A child row (required field or supporting type) with its category's client, when that category is in scope. */
async function childWithClient<T extends { document_category_id: number }>(
  db: DB,
  row: T | undefined,
  principal: Principal,
) {
  const category = row ? await categoryInScope(db, row.document_category_id, principal) : null;
  return row && category ? { ...row, client_id: category.client_id } : null;
}

export const fieldInScope = async (db: DB, id: number, principal: Principal) =>
  childWithClient(db, isId(id) ? await findRequiredField(db, id) : undefined, principal);

export const supportingTypeInScope = async (db: DB, id: number, principal: Principal) =>
  childWithClient(db, isId(id) ? await findSupportingType(db, id) : undefined, principal);

type Actor = AuditActor;
const record = (
  db: DB,
  actor: Actor,
  clientId: number,
  action: string,
  entityType: string,
  entityId: number,
  details: Record<string, unknown> = {},
) => audit(db, actor, { clientId, action, entityType, entityId, details });

export async function createCategory(db: DB, clientId: number, input: CategoryInput, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const id = await insertCategory(trx, { clientId, ...pricedValuesOf(input) });
    await record(trx, actor, clientId, "category.create", "DOCUMENT_CATEGORIES", id, { name: input.name.english });
    return id;
  });
}

export async function editCategory(
  db: DB,
  category: { id: number; client_id: number },
  input: CategoryInput,
  actor: Actor,
) {
  await db.transaction().execute(async (trx) => {
    await updateCategory(trx, category.id, pricedValuesOf(input));
    await record(trx, actor, category.client_id, "category.update", "DOCUMENT_CATEGORIES", category.id);
  });
}

/** A category that has requests cannot be deleted: nothing changes and the user is told why. */
export async function removeCategory(
  db: DB,
  category: { id: number; client_id: number; name_en: string },
  actor: Actor,
): Promise<Outcome> {
  const event = {
    clientId: category.client_id,
    action: "category.delete",
    entityType: "DOCUMENT_CATEGORIES" as const,
    entityId: category.id,
    details: { name: category.name_en },
  };
  return removeAudited(db, actor, event, {
    inUse: async (trx) =>
      (await countRequestsOfCategory(trx, category.id)) > 0 ? conflict("catalogue.hasRequests") : null,
    remove: (trx) => deleteCategory(trx, category.id),
  });
}

/** Field names are unique within their category. */
export async function saveRequiredField(
  db: DB,
  category: { id: number; client_id: number },
  input: RequiredFieldInput,
  actor: Actor,
  existingId?: number,
): Promise<Outcome<{ id: number }>> {
  const clash = await findFieldByName(db, category.id, input.fieldName);
  if (clash && clash.id !== existingId) return conflict("catalogue.fieldNameTaken", "fieldName");
  const columns = requiredFieldColumns({
    nameEn: input.name.english,
    nameAr: input.name.arabic,
    fieldName: input.fieldName,
    fieldType: input.fieldType,
    isRequired: input.isRequired,
  });
  const id = await saveChild(db, "fields", category, columns, actor, existingId, { fieldName: input.fieldName });
  return done({ id });
}

/** The children of a category: what toggling and auditing differ in (docs/product.md, Catalogue). */
const CHILD_TABLES = {
  fields: { table: "document_required_fields", action: "required_field", entity: "DOCUMENT_REQUIREMENTS" },
  types: { table: "supporting_document_types", action: "supporting_type", entity: "DOCUMENT_SUPPORTING_DOCUMENTS" },
} as const;

/** Makes or edits a category's child of this kind, audited as its kind: a new one with `details`. */
async function saveChild(
  db: DB,
  kind: keyof typeof CHILD_TABLES,
  category: { id: number; client_id: number },
  columns: ChildColumns,
  actor: Actor,
  existingId?: number,
  details?: Record<string, unknown>,
) {
  const child = CHILD_TABLES[kind];
  return db.transaction().execute(async (trx) => {
    if (existingId) await updateChild(trx, child.table, existingId, columns);
    const id = existingId ?? (await insertChild(trx, child.table, category.id, columns));
    const change = existingId ? "update" : "create";
    await record(
      trx,
      actor,
      category.client_id,
      `${child.action}.${change}`,
      child.entity,
      id,
      existingId ? undefined : details,
    );
    return id;
  });
}

/** Flip a required field's or a supporting type's `isRequired`, audited. */
export async function toggleChild(
  db: DB,
  kind: keyof typeof CHILD_TABLES,
  row: { id: number; is_required: number },
  clientId: number,
  actor: Actor,
) {
  const table = CHILD_TABLES[kind];
  await db.transaction().execute(async (trx) => {
    await setChildRequired(trx, table.table, row.id, row.is_required !== 1);
    await record(trx, actor, clientId, `${table.action}.toggle`, table.entity, row.id, {
      isRequired: row.is_required !== 1,
    });
  });
}

export async function removeRequiredField(
  db: DB,
  field: { id: number; field_name: string },
  clientId: number,
  actor: Actor,
) {
  await db.transaction().execute(async (trx) => {
    await deleteChild(trx, "document_required_fields", field.id);
    await record(trx, actor, clientId, "required_field.delete", "DOCUMENT_REQUIREMENTS", field.id, {
      fieldName: field.field_name,
    });
  });
}

export async function saveSupportingType(
  db: DB,
  category: { id: number; client_id: number },
  input: SupportingTypeInput,
  actor: Actor,
  existingId?: number,
) {
  const columns = supportingTypeColumns({
    typeEn: input.documentType.english,
    typeAr: input.documentType.arabic,
    descriptionEn: input.description?.english ?? "",
    descriptionAr: input.description?.arabic ?? "",
    isRequired: input.isRequired,
  });
  return saveChild(db, "types", category, columns, actor, existingId);
}

/** A type that beneficiaries already uploaded files for stays (the files point at it). */
export async function removeSupportingType(
  db: DB,
  type: { id: number },
  clientId: number,
  actor: Actor,
): Promise<Outcome> {
  const event = {
    clientId,
    action: "supporting_type.delete",
    entityType: "DOCUMENT_SUPPORTING_DOCUMENTS" as const,
    entityId: type.id,
  };
  return removeAudited(db, actor, event, {
    inUse: async (trx) => ((await countAttachmentsOfType(trx, type.id)) > 0 ? conflict("catalogue.inUse") : null),
    remove: (trx) => deleteChild(trx, "supporting_document_types", type.id),
  });
}
