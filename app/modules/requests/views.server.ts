import type { DB } from "~/platform/db/db.server";
import { preparedLists } from "~/platform/db/lists";
import { timelineFrom, timelineQuery } from "~/modules/audit/service.server";
import { requiredFieldsQuery, supportingTypesQuery } from "~/modules/catalogue/queries.server";
import { attachmentsQuery } from "~/modules/files/queries.server";
import { forHolder, withVerifications } from "~/modules/issuing/holder-view.server";
import { issuedDocumentsQuery } from "~/modules/issuing/queries.server";
import { categoryOfBeneficiaryRequest, fieldValuesQuery, requestOfBeneficiaryQuery } from "./queries.server";
import type { findRequestForStaff } from "./staff-queries.server";

/** What the request screens show; the changes are in service.server.ts. */

export type StaffRequest = NonNullable<Awaited<ReturnType<typeof findRequestForStaff>>>;

/** The lists a request's page shows beside the request itself, read in one round trip (`preparedLists`). */
const requestQueries = (db: DB, requestId: number, categoryId: Parameters<typeof requiredFieldsQuery>[1]) => ({
  requiredFields: requiredFieldsQuery(db, categoryId),
  fieldValues: fieldValuesQuery(db, requestId),
  attachments: attachmentsQuery(db, "DOCUMENT_REQUESTS", requestId),
  timeline: timelineQuery(db, "DOCUMENT_REQUESTS", requestId),
  issued: issuedDocumentsQuery(db, { requestId }),
});

const staffLists = preparedLists(requestQueries);

/** The beneficiary's page reads the request itself with its lists: nothing when the request is not theirs. */
const beneficiaryLists = preparedLists((db: DB, requestId: number, beneficiaryId: number) => {
  const categoryId = categoryOfBeneficiaryRequest(db, requestId, beneficiaryId);
  return {
    request: requestOfBeneficiaryQuery(db, requestId, beneficiaryId),
    ...requestQueries(db, requestId, categoryId),
    supportingTypes: supportingTypesQuery(db, categoryId),
  };
});

/** Everything the beneficiary's request page shows, or null when the request is not theirs. */
export async function beneficiaryRequestView(db: DB, requestId: number, beneficiaryId: number) {
  const { request: found, issued, timeline, ...lists } = await beneficiaryLists(db, requestId, beneficiaryId);
  const request = found[0];
  if (!request) return null;
  return { request, ...lists, timeline: timelineFrom(timeline), ...(await forHolder(db, issued)) };
}

export async function staffRequestView(db: DB, request: StaffRequest) {
  const { timeline, issued, ...lists } = await staffLists(db, request.id, request.document_category_id);
  return { request, ...lists, timeline: timelineFrom(timeline), ...(await withVerifications(db, issued)) };
}
