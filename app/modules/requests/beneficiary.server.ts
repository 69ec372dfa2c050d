import { done, NOT_FOUND_ERROR, refused, type Outcome } from "~/platform/outcome";
import { insertAttachment } from "~/modules/files/queries.server";
import { attachmentsOf } from "~/modules/files/queries.server";
import type { DB } from "~/db/db.server";
import { audit, timelineOf } from "~/modules/audit/service.server";
import { requiredFieldsOf, supportingTypesOf } from "~/modules/catalogue/queries.server";
import { deleteReleasedFiles } from "~/modules/files/storage.server";
import { storeSupportingFiles } from "~/modules/files/supporting.server";
import type { UploadedFile } from "~/modules/files/upload.server";
import { issuedForHolder } from "~/modules/issuing/holder-view.server";
import {
  fieldValuesOf,
  findRequestOfBeneficiary,
  replaceFieldValues,
  replaceRequestAttachment,
  updateRequestByBeneficiary,
} from "./queries.server";

/** Everything the beneficiary's request page shows, or null when the request is not theirs. */
export async function beneficiaryRequestView(db: DB, requestId: number, beneficiaryId: number) {
  const request = await findRequestOfBeneficiary(db, requestId, beneficiaryId);
  if (!request) return null;
  return {
    request,
    requiredFields: await requiredFieldsOf(db, request.document_category_id),
    supportingTypes: await supportingTypesOf(db, request.document_category_id),
    fieldValues: await fieldValuesOf(db, requestId),
    attachments: await attachmentsOf(db, "DOCUMENT_REQUESTS", requestId),
    timeline: await timelineOf(db, "DOCUMENT_REQUESTS", requestId),
    ...(await issuedForHolder(db, { requestId })),
  };
}

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
  if (request.status !== "PENDING") return refused("requests.editOnlyPending");
  const clean = Object.fromEntries(Object.entries(values.fields).filter(([, value]) => value)) as Record<
    string,
    string
  >;
  await db.transaction().execute(async (trx) => {
    await replaceFieldValues(trx, requestId, clean);
    await updateRequestByBeneficiary(trx, requestId, { requestMessage: values.requestMessage });
    await audit(
      trx,
      { userId: beneficiaryId, role: "BENEFICIARY", ip },
      {
        action: "request.update",
        entityType: "DOCUMENT_REQUESTS",
        entityId: requestId,
      },
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
): Promise<Outcome<{ errors: Record<string, string> }>> {
  const request = await findRequestOfBeneficiary(db, requestId, beneficiaryId);
  if (!request) return refused(NOT_FOUND_ERROR);
  if (request.status !== "PENDING") return refused("requests.editOnlyPending");
  const types = await supportingTypesOf(db, request.document_category_id);
  const earlier = await attachmentsOf(db, "DOCUMENT_REQUESTS", requestId);
  const { stored, errors } = await storeSupportingFiles(db, types, files, beneficiaryId, earlier);
  if (stored.length) {
    await db.transaction().execute(async (trx) => {
      for (const { type, fileId } of stored) {
        await replaceRequestAttachment(trx, requestId, type.id);
        await insertAttachment(trx, {
          entityType: "DOCUMENT_REQUESTS",
          referenceId: requestId,
          documentName: type.document_type_en,
          fileId,
          supportingTypeId: type.id,
        });
      }
      await audit(
        trx,
        { userId: beneficiaryId, role: "BENEFICIARY", ip },
        {
          action: "request.update",
          entityType: "DOCUMENT_REQUESTS",
          entityId: requestId,
          details: { documents: stored.map(({ type }) => type.document_type_en) },
        },
      );
    });
  }
  const replaced = new Set(stored.map(({ type }) => type.id));
  await deleteReleasedFiles(
    db,
    earlier
      .filter((attachment) => replaced.has(attachment.supporting_document_type_id ?? 0))
      .map((attachment) => attachment.file_id),
  );
  return done({ errors });
}
