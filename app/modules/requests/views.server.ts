import type { DB } from "~/platform/db/db.server";
import { timelineOf } from "~/modules/audit/service.server";
import { requiredFieldsOf, supportingTypesOf } from "~/modules/catalogue/queries.server";
import { attachmentsOf } from "~/modules/files/queries.server";
import { issuedForHolder, issuedForStaff } from "~/modules/issuing/holder-view.server";
import { fieldValuesOf, findRequestOfBeneficiary } from "./queries.server";
import type { findRequestForStaff } from "./staff-queries.server";

/** What the request screens show; the changes are in service.server.ts. */

export type StaffRequest = NonNullable<Awaited<ReturnType<typeof findRequestForStaff>>>;

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

export async function staffRequestView(db: DB, request: StaffRequest) {
  return {
    request,
    requiredFields: await requiredFieldsOf(db, request.document_category_id),
    fieldValues: await fieldValuesOf(db, request.id),
    attachments: await attachmentsOf(db, "DOCUMENT_REQUESTS", request.id),
    timeline: await timelineOf(db, "DOCUMENT_REQUESTS", request.id),
    ...(await issuedForStaff(db, { requestId: request.id })),
  };
}
