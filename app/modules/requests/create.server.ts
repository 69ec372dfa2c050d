import { done, NOT_FOUND_ERROR, refused, refusedFields, type Outcome } from "~/platform/outcome";
import { mustLinkTo, AREAS } from "~/modules/access/areas";
import type { DB } from "~/db/db.server";
import { audit } from "~/modules/audit/service.server";
import { findCategory, requiredFieldsOf, supportingTypesOf } from "~/modules/catalogue/queries.server";
import { attachmentsOf, insertAttachment } from "~/modules/files/queries.server";
import { deleteReleasedFiles } from "~/modules/files/storage.server";
import { storeSupportingFiles } from "~/modules/files/supporting.server";
import { checkSupportingFile, type UploadedFile } from "~/modules/files/upload.server";
import { notifyClerksOfClient } from "~/modules/notifications/service.server";
import { deleteRequestRows, findRequestOfBeneficiary, insertRequest, replaceFieldValues } from "./queries.server";

export interface NewRequest {
  clientId: number;
  categoryId: number;
  /** By the category's field names. */
  fields: Record<string, string>;
  requestMessage: string;
  securePlusEnabled: boolean;
  /** One file per supporting document type, named `document.<typeId>` (as the wizard posts them). */
  documents: UploadedFile[];
}

export type CreateRequestResult = Outcome<{ requestId: number }>;

/**
 * A request in one go (the JSON API; the wizard builds the same through its draft): the category must be
 * the client's, its required fields filled and its required documents given, each file checked by its
 * content. Nothing is written unless all of it holds; then one transaction, audited, the clerks told.
 */
export async function createRequest(
  db: DB,
  beneficiaryId: number,
  input: NewRequest,
  ip: string | null,
): Promise<CreateRequestResult> {
  const category = await findCategory(db, input.categoryId);
  if (!category || category.client_id !== input.clientId) return refused("api.errors.categoryNotFound");
  const errors: { field: string; key: string }[] = [];
  const specs = await requiredFieldsOf(db, category.id);
  for (const spec of specs)
    if (spec.is_required && !input.fields[spec.field_name]?.trim())
      errors.push({ field: `filledFields.${spec.field_name}`, key: "validation.required" });
  for (const name of Object.keys(input.fields))
    if (!specs.some((spec) => spec.field_name === name))
      errors.push({ field: `filledFields.${name}`, key: "api.validation.unknownField" });
  const types = await supportingTypesOf(db, category.id);
  for (const type of types) {
    const file = input.documents.find((candidate) => candidate.fieldName === `document.${type.id}`);
    if (!file) {
      if (type.is_required) errors.push({ field: `supportingDocuments.${type.id}`, key: "wizard.documentRequired" });
      continue;
    }
    const checked = await checkSupportingFile(file);
    if (!checked.ok) errors.push({ field: `supportingDocuments.${type.id}`, key: checked.error });
  }
  for (const file of input.documents)
    if (!types.some((type) => file.fieldName === `document.${type.id}`))
      errors.push({
        field: `supportingDocuments.${file.fieldName.slice(9)}`,
        key: "api.validation.unknownDocumentType",
      });
  if (errors.length) return refusedFields(errors);

  const { stored } = await storeSupportingFiles(db, types, input.documents, beneficiaryId);
  const requestId = await db.transaction().execute(async (trx) => {
    const id = await insertRequest(trx, {
      beneficiaryId,
      clientId: category.client_id,
      categoryId: category.id,
      requestMessage: input.requestMessage,
      securePlusEnabled: input.securePlusEnabled,
    });
    await replaceFieldValues(trx, id, input.fields);
    for (const { type, fileId } of stored) {
      await insertAttachment(trx, {
        entityType: "DOCUMENT_REQUESTS",
        referenceId: id,
        documentName: type.document_type_en,
        fileId,
        supportingTypeId: type.id,
      });
    }
    await audit(
      trx,
      { userId: beneficiaryId, role: "BENEFICIARY", ip },
      { clientId: category.client_id, action: "request.create", entityType: "DOCUMENT_REQUESTS", entityId: id },
    );
    await notifyClerksOfClient(trx, category.client_id, {
      kind: "newRequest",
      link: mustLinkTo(AREAS.clerks, "request", { id }),
      values: { id },
    });
    return id;
  });
  return done({ requestId });
}

/**
 * The beneficiary withdraws a request while it is PENDING: it goes with its field values and attachments
 * and their stored files, audited. Staff decisions are never undone this way.
 */
export async function withdrawRequest(
  db: DB,
  requestId: number,
  beneficiaryId: number,
  ip: string | null,
): Promise<Outcome> {
  const request = await findRequestOfBeneficiary(db, requestId, beneficiaryId);
  if (!request) return refused(NOT_FOUND_ERROR);
  if (request.status !== "PENDING") return refused("api.errors.onlyPendingWithdrawn");
  const attachments = await attachmentsOf(db, "DOCUMENT_REQUESTS", requestId);
  const removed = await db.transaction().execute(async (trx) => {
    if (!(await deleteRequestRows(trx, requestId))) return false;
    await audit(
      trx,
      { userId: beneficiaryId, role: "BENEFICIARY", ip },
      {
        clientId: request.client_id,
        action: "request.withdraw",
        entityType: "DOCUMENT_REQUESTS",
        entityId: requestId,
        details: { files: attachments.map((attachment) => attachment.file_id) },
      },
    );
    return true;
  });
  if (!removed) return refused("api.errors.onlyPendingWithdrawn");
  await deleteReleasedFiles(
    db,
    attachments.map((attachment) => attachment.file_id),
  );
  return done();
}
