import { done, refused, type Outcome } from "~/platform/outcome";
import { attachmentsOf, deleteAttachments } from "~/modules/files/queries.server";
import type { DB } from "~/platform/db/db.server";
import {
  categoriesOfClient,
  findCategory,
  findClient,
  requiredFieldsOf,
  supportingTypesOf,
} from "~/modules/catalogue/queries.server";
import { deleteReleasedFiles } from "~/modules/files/storage.server";
import type { UploadedFile } from "~/modules/files/upload.server";
import { attachSupportingDocuments, documentsRefused, openRequest } from "~/modules/requests/service.server";
import { deleteDraft, findDraft, moveDraftAttachmentsToRequest, upsertDraft } from "./queries.server";

export type Draft = NonNullable<Awaited<ReturnType<typeof findDraft>>>;
export const draftFields = (draft: Pick<Draft, "fields"> | undefined): Record<string, string> =>
  draft ? (JSON.parse(draft.fields) as Record<string, string>) : {};

/** The furthest step the draft allows: a step needs the ones before it done. */
export function allowedStep(draft: Draft | undefined, wanted: number): number {
  if (!draft?.client_id) return 0;
  if (!draft.document_category_id) return Math.min(wanted, 1);
  return Math.max(0, Math.min(wanted, 4, draft.step));
}

export async function chooseClient(db: DB, beneficiaryId: number, clientId: number): Promise<Outcome> {
  if (!(await findClient(db, clientId))) return refused("wizard.clientInvalid");
  const draft = await findDraft(db, beneficiaryId);
  if (draft?.client_id === clientId) {
    await upsertDraft(db, beneficiaryId, { step: Math.max(draft.step, 1) });
    return done();
  }
  const uploads = draft ? await attachmentsOf(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id) : [];
  await db.transaction().execute(async (trx) => {
    const saved = await upsertDraft(trx, beneficiaryId, {
      client_id: clientId,
      document_category_id: null,
      fields: "{}",
      step: 1,
    });
    await deleteAttachments(trx, "DOCUMENT_SUPPORTING_DOCUMENTS", saved.id);
  });
  await deleteReleasedFiles(
    db,
    uploads.map((attachment) => attachment.file_id),
  );
  return done();
}

/** Spec rule: changing the category clears the fields, the supporting documents and the uploads. */
export async function chooseCategory(db: DB, beneficiaryId: number, categoryId: number): Promise<Outcome> {
  const draft = await findDraft(db, beneficiaryId);
  const category = await findCategory(db, categoryId);
  if (!draft?.client_id || !category || category.client_id !== draft.client_id)
    return refused("wizard.categoryInvalid");
  if (draft.document_category_id === categoryId) {
    await upsertDraft(db, beneficiaryId, { step: Math.max(draft.step, 2) });
    return done();
  }
  const uploads = await attachmentsOf(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id);
  await db.transaction().execute(async (trx) => {
    await upsertDraft(trx, beneficiaryId, { document_category_id: categoryId, fields: "{}", step: 2 });
    await deleteAttachments(trx, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id);
  });
  await deleteReleasedFiles(
    db,
    uploads.map((attachment) => attachment.file_id),
  );
  return done();
}

export async function saveFields(db: DB, beneficiaryId: number, values: Record<string, string | undefined>) {
  const clean = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ""));
  const draft = await findDraft(db, beneficiaryId);
  await upsertDraft(db, beneficiaryId, { fields: JSON.stringify(clean), step: Math.max(draft?.step ?? 0, 3) });
}

/**
 * Stores each chosen file (checked by content) for its supporting document type; a new file of a type
 * replaces the earlier one (spec rule). Returns errors by type id; nothing is stored for a refused file.
 */
export async function attachDocuments(db: DB, beneficiaryId: number, files: UploadedFile[]): Promise<Outcome> {
  const draft = await findDraft(db, beneficiaryId);
  if (!draft?.document_category_id) return done();
  const types = await supportingTypesOf(db, draft.document_category_id);
  const owner = { entityType: "DOCUMENT_SUPPORTING_DOCUMENTS" as const, referenceId: draft.id };
  const { errors } = await attachSupportingDocuments(db, owner, types, files, beneficiaryId);
  const attached = new Set(
    (await attachmentsOf(db, owner.entityType, draft.id)).map((attachment) => attachment.supporting_document_type_id),
  );
  for (const type of types)
    if (type.is_required && !attached.has(type.id) && !errors[type.id]) errors[type.id] = "wizard.documentRequired";
  if (Object.keys(errors).length) return documentsRefused(errors, files.length);
  await upsertDraft(db, beneficiaryId, { step: Math.max(draft.step, 4) });
  return done();
}

export async function removeDocument(db: DB, beneficiaryId: number, supportingTypeId: number) {
  const draft = await findDraft(db, beneficiaryId);
  if (!draft) return;
  const removed = (await attachmentsOf(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id)).filter(
    (attachment) => attachment.supporting_document_type_id === supportingTypeId,
  );
  await deleteAttachments(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id, supportingTypeId);
  await deleteReleasedFiles(
    db,
    removed.map((attachment) => attachment.file_id),
  );
}

export async function discardDraft(db: DB, beneficiaryId: number) {
  const draft = await findDraft(db, beneficiaryId);
  if (!draft) return;
  const attachments = await attachmentsOf(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id);
  await db.transaction().execute(async (trx) => {
    await deleteAttachments(trx, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id);
    await deleteDraft(trx, draft.id);
  });
  await deleteReleasedFiles(
    db,
    attachments.map((attachment) => attachment.file_id),
  );
}

export type SubmitResult = Outcome<{ requestId: number }>;

/** Refused: a step is not complete; `details.step` is where the beneficiary goes back to. */
const incomplete = (step: number) => refused("wizard.incomplete", undefined, { step });

/** One transaction: the PENDING request, its field values and attachments; the draft goes; audited. */
export async function submitDraft(
  db: DB,
  beneficiaryId: number,
  review: { requestMessage: string; securePlusEnabled: boolean },
  ip: string | null,
): Promise<SubmitResult> {
  const draft = await findDraft(db, beneficiaryId);
  if (!draft?.client_id || !draft.document_category_id || draft.step < 4) return incomplete(draft?.step ?? 0);
  const categoryId = draft.document_category_id;
  const clientId = draft.client_id;
  const fields = draftFields(draft);
  for (const spec of await requiredFieldsOf(db, categoryId))
    if (spec.is_required && !fields[spec.field_name]) return incomplete(2);
  const attached = new Set(
    (await attachmentsOf(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id)).map(
      (attachment) => attachment.supporting_document_type_id,
    ),
  );
  for (const type of await supportingTypesOf(db, categoryId))
    if (type.is_required && !attached.has(type.id)) return incomplete(3);

  const opened = { beneficiaryId, clientId, categoryId, fields, ...review };
  const requestId = await db.transaction().execute((trx) =>
    openRequest(trx, opened, ip, async (id) => {
      await moveDraftAttachmentsToRequest(trx, draft.id, id);
      await deleteDraft(trx, draft.id);
    }),
  );
  return done({ requestId });
}

/** Everything a wizard step shows. */
export async function wizardView(db: DB, beneficiaryId: number) {
  const draft = await findDraft(db, beneficiaryId);
  const client = draft?.client_id ? await findClient(db, draft.client_id) : undefined;
  const category = draft?.document_category_id ? await findCategory(db, draft.document_category_id) : undefined;
  return {
    draft,
    client,
    category,
    categories: client ? await categoriesOfClient(db, client.id) : [],
    requiredFields: category ? await requiredFieldsOf(db, category.id) : [],
    supportingTypes: category ? await supportingTypesOf(db, category.id) : [],
    attachments: draft ? await attachmentsOf(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id) : [],
    fields: draftFields(draft),
  };
}
