import { absent, conflict, done, NOT_FOUND_ERROR, type Outcome, refused, refusedFields } from "~/platform/outcome";
import { mustLinkTo, AREAS } from "~/modules/access/areas";
import type { DB } from "~/platform/db/db.server";
import type { ReviewStatus } from "~/platform/db/schema";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { findCategory, requiredFieldsOf, supportingTypesOf } from "~/modules/catalogue/queries.server";
import { attachmentsOf, deleteAttachments, insertAttachment } from "~/modules/files/queries.server";
import { deleteReleasedFiles } from "~/modules/files/storage.server";
import { storeSupportingFiles } from "~/modules/files/supporting.server";
import { checkSupportingFile, type UploadedFile } from "~/modules/files/upload.server";
import { notify, notifyClerksOfClient } from "~/modules/notifications/service.server";
import type { BilingualNote } from "~/utils/bilingual";
import {
  deleteRequestRows,
  fieldValuesOf,
  findRequestOfBeneficiary,
  insertRequest,
  replaceFieldValues,
  updateRequestByBeneficiary,
} from "./queries.server";
import { setAttachmentStatus, setRequestMessage, setRequestStatus } from "./staff-queries.server";
import type { StaffRequest } from "./views.server";

/*
 * Every change to a request (docs/architecture.md §4, the request's path): opening one (the wizard's submit and
 * the API), its supporting documents (the wizard's draft, the beneficiary's edit), withdrawing, and the staff's
 * decisions. Routes call one of these per action.
 */

type AttachmentOwner = { entityType: "DOCUMENT_REQUESTS" | "DOCUMENT_SUPPORTING_DOCUMENTS"; referenceId: number };
type SupportingType = Awaited<ReturnType<typeof supportingTypesOf>>[number];
export type AttachedDocuments = { stored: { type: SupportingType; fileId: number }[]; errors: Record<string, string> };

/**
 * The one way supporting documents are attached: each file posted as `document.<typeId>` is checked by its content
 * and stored (all or nothing, within the uploader's allowance, the files it replaces counted off), then in one
 * transaction it takes the place of the type's earlier attachment (spec rule: one file per type), with `andThen`'s
 * writes; the replaced files are released after. Errors come back by type id; nothing is stored for a refused file.
 */
export async function attachSupportingDocuments(
  db: DB,
  owner: AttachmentOwner,
  types: SupportingType[],
  files: UploadedFile[],
  uploaderId: number,
  andThen?: (trx: DB, stored: AttachedDocuments["stored"]) => Promise<void>,
): Promise<AttachedDocuments> {
  const earlier = await attachmentsOf(db, owner.entityType, owner.referenceId);
  const { stored, errors } = await storeSupportingFiles(db, types, files, uploaderId, earlier);
  if (stored.length === 0) return { stored, errors };
  await db.transaction().execute(async (trx) => {
    for (const { type, fileId } of stored) {
      await deleteAttachments(trx, owner.entityType, owner.referenceId, type.id);
      await insertAttachment(trx, {
        ...owner,
        documentName: type.document_type_en,
        fileId,
        supportingTypeId: type.id,
      });
    }
    await andThen?.(trx, stored);
  });
  const replaced = new Set(stored.map(({ type }) => type.id));
  await deleteReleasedFiles(
    db,
    earlier
      .filter((attachment) => replaced.has(attachment.supporting_document_type_id ?? 0))
      .map((attachment) => attachment.file_id),
  );
  return { stored, errors };
}

export interface OpenedRequest {
  beneficiaryId: number;
  clientId: number;
  categoryId: number;
  fields: Record<string, string>;
  requestMessage: string;
  securePlusEnabled: boolean;
}

/**
 * The one way a request is opened, inside the caller's transaction: the PENDING request and its field values, then
 * `attach` (its documents), audited, the organisation's clerks told. The wizard's submit and the API call it.
 */
export async function openRequest(
  trx: DB,
  request: OpenedRequest,
  ip: string | null,
  attach: (requestId: number) => Promise<void>,
): Promise<number> {
  const { beneficiaryId, clientId, categoryId, fields, requestMessage, securePlusEnabled } = request;
  const id = await insertRequest(trx, { beneficiaryId, clientId, categoryId, requestMessage, securePlusEnabled });
  await replaceFieldValues(trx, id, fields);
  await attach(id);
  await audit(
    trx,
    { userId: beneficiaryId, role: "BENEFICIARY", ip },
    { clientId, action: "request.create", entityType: "DOCUMENT_REQUESTS", entityId: id },
  );
  await notifyClerksOfClient(trx, clientId, {
    kind: "newRequest",
    link: mustLinkTo(AREAS.clerks, "request", { id }),
    values: { id },
  });
  return id;
}

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
  if (!category || category.client_id !== input.clientId) return absent("api.errors.categoryNotFound");
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
  const { clientId, categoryId, fields, requestMessage, securePlusEnabled } = input;
  const opened = { beneficiaryId, clientId, categoryId, fields, requestMessage, securePlusEnabled };
  const requestId = await db.transaction().execute((trx) =>
    openRequest(trx, opened, ip, async (id) => {
      for (const { type, fileId } of stored)
        await insertAttachment(trx, {
          entityType: "DOCUMENT_REQUESTS",
          referenceId: id,
          documentName: type.document_type_en,
          fileId,
          supportingTypeId: type.id,
        });
    }),
  );
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
  if (request.status !== "PENDING") return conflict("api.errors.onlyPendingWithdrawn");
  const attachments = await attachmentsOf(db, "DOCUMENT_REQUESTS", requestId);
  const removed = await db.transaction().execute(async (trx): Promise<Outcome> => {
    // Decided meanwhile (a clerk's status, an issue): nothing is withdrawn.
    if (!(await deleteRequestRows(trx, requestId))) return conflict("api.errors.onlyPendingWithdrawn");
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
    return done();
  });
  if (!removed.ok) return removed;
  await deleteReleasedFiles(
    db,
    attachments.map((attachment) => attachment.file_id),
  );
  return done();
}

/** The filled values kept: a field left empty is not stored. */
const filledOnly = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value)) as Record<string, string>;

/** While PENDING the beneficiary may change the fields and the message; audited. */
export async function editPendingRequest(
  db: DB,
  requestId: number,
  beneficiaryId: number,
  values: { fields: Record<string, string | undefined>; requestMessage: string },
  ip: string | null,
): Promise<Outcome> {
  const request = await findRequestOfBeneficiary(db, requestId, beneficiaryId);
  if (!request) return refused(NOT_FOUND_ERROR);
  if (request.status !== "PENDING") return conflict("requests.editOnlyPending");
  await db.transaction().execute(async (trx) => {
    await replaceFieldValues(trx, requestId, filledOnly(values.fields));
    await updateRequestByBeneficiary(trx, requestId, { requestMessage: values.requestMessage });
    await audit(
      trx,
      { userId: beneficiaryId, role: "BENEFICIARY", ip },
      { action: "request.update", entityType: "DOCUMENT_REQUESTS", entityId: requestId },
    );
  });
  return done();
}

/** While PENDING the beneficiary may replace supporting documents, one per type; audited. */
export async function replacePendingRequestDocuments(
  db: DB,
  requestId: number,
  beneficiaryId: number,
  files: UploadedFile[],
  ip: string | null,
): Promise<Outcome> {
  const request = await findRequestOfBeneficiary(db, requestId, beneficiaryId);
  if (!request) return refused(NOT_FOUND_ERROR);
  if (request.status !== "PENDING") return conflict("requests.editOnlyPending");
  if (files.length === 0) return refused("validation.noFilesSelected");
  const types = await supportingTypesOf(db, request.document_category_id);
  const owner = { entityType: "DOCUMENT_REQUESTS" as const, referenceId: requestId };
  const { errors } = await attachSupportingDocuments(db, owner, types, files, beneficiaryId, (trx, stored) =>
    audit(
      trx,
      { userId: beneficiaryId, role: "BENEFICIARY", ip },
      {
        action: "request.update",
        entityType: "DOCUMENT_REQUESTS",
        entityId: requestId,
        details: { documents: stored.map(({ type }) => type.document_type_en) },
      },
    ),
  );
  return Object.keys(errors).length ? documentsRefused(errors, files.length) : done();
}

/** Supporting documents refused, each message under its type id, or none chosen at all. */
export const documentsRefused = (errors: Record<string, string>, chosen: number) =>
  refusedFields(
    Object.entries(errors).map(([field, key]) => ({ field, key })),
    chosen === 0 ? "validation.noFilesSelected" : "api.errors.validation",
  );

/** The Update Status dialog's effect: status, SecurePlus and a note for the beneficiary; audited, notified. */
export async function changeRequestStatus(
  db: DB,
  request: StaffRequest,
  values: { status: "PENDING" | "APPROVED" | "REJECTED"; securePlusEnabled: boolean; note: BilingualNote },
  actor: AuditActor,
) {
  const hasNote = Boolean(values.note.en || values.note.ar);
  await db.transaction().execute(async (trx) => {
    await setRequestStatus(trx, request.id, {
      status: values.status,
      securePlusEnabled: values.securePlusEnabled,
      note: values.note,
    });
    await audit(trx, actor, {
      clientId: request.client_id,
      action: "request.status",
      entityType: "DOCUMENT_REQUESTS",
      entityId: request.id,
      details: {
        status: values.status,
        securePlusEnabled: values.securePlusEnabled,
        ...(hasNote ? { note: values.note } : {}),
      },
    });
    const notice = {
      kind: "requestStatus" as const,
      link: mustLinkTo(AREAS.beneficiary, "myRequest", { id: request.id }),
      values: { id: request.id },
      bilingual: { note: values.note },
      translated: { status: `status.${values.status}` },
      ...(hasNote ? {} : { bodyKey: "notifications.requestStatus.noNote" }),
    };
    await notify(trx, request.beneficiary_id, notice, { mail: true });
  });
}

export async function reviewAttachment(
  db: DB,
  request: StaffRequest,
  attachmentId: number,
  status: ReviewStatus,
  actor: AuditActor,
) {
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    if (!(await setAttachmentStatus(trx, request.id, attachmentId, status))) return refused(NOT_FOUND_ERROR);
    await audit(trx, actor, {
      clientId: request.client_id,
      action: "request.document_review",
      entityType: "DOCUMENT_REQUESTS",
      entityId: request.id,
      details: { attachmentId, status },
    });
    return done();
  });
}

/** Staff correct the filled fields and the message; audited with what changed. */
export async function editRequestByStaff(
  db: DB,
  request: StaffRequest,
  values: { fields: Record<string, string | undefined>; requestMessage: string },
  actor: AuditActor,
) {
  const before = Object.fromEntries(
    (await fieldValuesOf(db, request.id)).map((field) => [field.field_name, field.field_value]),
  );
  const after = filledOnly(values.fields);
  await db.transaction().execute(async (trx) => {
    await replaceFieldValues(trx, request.id, after);
    await setRequestMessage(trx, request.id, values.requestMessage);
    await audit(trx, actor, {
      clientId: request.client_id,
      action: "request.fields",
      entityType: "DOCUMENT_REQUESTS",
      entityId: request.id,
      details: { before, after, messageChanged: values.requestMessage !== request.request_message },
    });
  });
}
