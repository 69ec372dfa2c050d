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
  insertRequiredField,
  insertSupportingType,
  setChildRequired,
  updateCategory,
  updateRequiredField,
  updateSupportingType,
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
  const values = {
    nameEn: input.name.english,
    nameAr: input.name.arabic,
    fieldName: input.fieldName,
    fieldType: input.fieldType,
    isRequired: input.isRequired,
  };
  return db.transaction().execute(async (trx) => {
    if (existingId) {
      await updateRequiredField(trx, existingId, values);
      await record(trx, actor, category.client_id, "required_field.update", "DOCUMENT_REQUIREMENTS", existingId);
      return done({ id: existingId });
    }
    const id = await insertRequiredField(trx, { categoryId: category.id, ...values });
    await record(trx, actor, category.client_id, "required_field.create", "DOCUMENT_REQUIREMENTS", id, {
      fieldName: input.fieldName,
    });
    return done({ id });
  });
}

/** The children of a category: what toggling and auditing differ in (docs/product.md, Catalogue). */
const CHILD_TABLES = {
  fields: { table: "document_required_fields", action: "required_field", entity: "DOCUMENT_REQUIREMENTS" },
  types: { table: "supporting_document_types", action: "supporting_type", entity: "DOCUMENT_SUPPORTING_DOCUMENTS" },
} as const;

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
  const values = {
    typeEn: input.documentType.english,
    typeAr: input.documentType.arabic,
    descriptionEn: input.description?.english ?? "",
    descriptionAr: input.description?.arabic ?? "",
    isRequired: input.isRequired,
  };
  return db.transaction().execute(async (trx) => {
    if (existingId) {
      await updateSupportingType(trx, existingId, values);
      await record(
        trx,
        actor,
        category.client_id,
        "supporting_type.update",
        "DOCUMENT_SUPPORTING_DOCUMENTS",
        existingId,
      );
      return existingId;
    }
    const id = await insertSupportingType(trx, { categoryId: category.id, ...values });
    await record(trx, actor, category.client_id, "supporting_type.create", "DOCUMENT_SUPPORTING_DOCUMENTS", id);
    return id;
  });
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
