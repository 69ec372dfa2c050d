import type { DB } from "~/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { inScope, type Principal } from "~/modules/access";
import {
  countAttachmentsOfType,
  countRequestsOfCategory,
  deleteCategory,
  deleteRequiredField,
  deleteSupportingType,
  findCategory,
  findFieldByName,
  findRequiredField,
  findSupportingType,
  insertCategory,
  insertRequiredField,
  insertSupportingType,
  setFieldRequired,
  setSupportingTypeRequired,
  updateCategory,
  updateRequiredField,
  updateSupportingType,
} from "./queries.server";
import { pricedValuesOf, type CategoryInput, type RequiredFieldInput, type SupportingTypeInput } from "./schema";

/**
 * The category, field or document type when it exists AND lies in the principal's scope; null otherwise,
 * so another client's id looks exactly like one that does not exist (docs/architecture.md §15).
 */
export async function categoryInScope(db: DB, id: number, principal: Principal) {
  const category = Number.isInteger(id) && id > 0 ? await findCategory(db, id) : undefined;
  return category && inScope(principal, category) ? category : null;
}

export async function fieldInScope(db: DB, id: number, principal: Principal) {
  const field = Number.isInteger(id) && id > 0 ? await findRequiredField(db, id) : undefined;
  const category = field ? await categoryInScope(db, field.document_category_id, principal) : null;
  return field && category ? { ...field, client_id: category.client_id } : null;
}

export async function supportingTypeInScope(db: DB, id: number, principal: Principal) {
  const type = Number.isInteger(id) && id > 0 ? await findSupportingType(db, id) : undefined;
  const category = type ? await categoryInScope(db, type.document_category_id, principal) : null;
  return type && category ? { ...type, client_id: category.client_id } : null;
}

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
): Promise<"ok" | "has-requests"> {
  if ((await countRequestsOfCategory(db, category.id)) > 0) return "has-requests";
  await db.transaction().execute(async (trx) => {
    await deleteCategory(trx, category.id);
    await record(trx, actor, category.client_id, "category.delete", "DOCUMENT_CATEGORIES", category.id, {
      name: category.name_en,
    });
  });
  return "ok";
}

/** Field names are unique within their category. */
export async function saveRequiredField(
  db: DB,
  category: { id: number; client_id: number },
  input: RequiredFieldInput,
  actor: Actor,
  existingId?: number,
): Promise<{ ok: true; id: number } | { ok: false; error: "catalogue.fieldNameTaken" }> {
  const clash = await findFieldByName(db, category.id, input.fieldName);
  if (clash && clash.id !== existingId) return { ok: false, error: "catalogue.fieldNameTaken" };
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
      return { ok: true as const, id: existingId };
    }
    const id = await insertRequiredField(trx, { categoryId: category.id, ...values });
    await record(trx, actor, category.client_id, "required_field.create", "DOCUMENT_REQUIREMENTS", id, {
      fieldName: input.fieldName,
    });
    return { ok: true as const, id };
  });
}

export async function toggleRequiredField(
  db: DB,
  field: { id: number; is_required: number },
  clientId: number,
  actor: Actor,
) {
  await db.transaction().execute(async (trx) => {
    await setFieldRequired(trx, field.id, field.is_required !== 1);
    await record(trx, actor, clientId, "required_field.toggle", "DOCUMENT_REQUIREMENTS", field.id, {
      isRequired: field.is_required !== 1,
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
    await deleteRequiredField(trx, field.id);
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

export async function toggleSupportingType(
  db: DB,
  type: { id: number; is_required: number },
  clientId: number,
  actor: Actor,
) {
  await db.transaction().execute(async (trx) => {
    await setSupportingTypeRequired(trx, type.id, type.is_required !== 1);
    await record(trx, actor, clientId, "supporting_type.toggle", "DOCUMENT_SUPPORTING_DOCUMENTS", type.id, {
      isRequired: type.is_required !== 1,
    });
  });
}

/** A type that beneficiaries already uploaded files for stays (the files point at it). */
export async function removeSupportingType(
  db: DB,
  type: { id: number },
  clientId: number,
  actor: Actor,
): Promise<"ok" | "in-use"> {
  if ((await countAttachmentsOfType(db, type.id)) > 0) return "in-use";
  await db.transaction().execute(async (trx) => {
    await deleteSupportingType(trx, type.id);
    await record(trx, actor, clientId, "supporting_type.delete", "DOCUMENT_SUPPORTING_DOCUMENTS", type.id);
  });
  return "ok";
}
