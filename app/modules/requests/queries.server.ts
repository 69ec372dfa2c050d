import { insertRow, updateRow, deleteRow } from "~/platform/db/rows";
import { CATEGORY_NAMES, CATEGORY_TERMS, CLIENT_NAMES } from "~/platform/db/columns";
import { pageOf } from "~/platform/db/paging";
import { withCategoryAndClient } from "~/platform/db/request-joins";
import type { DB } from "~/platform/db/db.server";
import type { RequestStatus } from "~/platform/db/schema";
import { toFlag } from "~/platform/db/values";

export async function insertRequest(
  db: DB,
  values: {
    beneficiaryId: number;
    clientId: number;
    categoryId: number;
    requestMessage: string;
    securePlusEnabled: boolean;
  },
) {
  return insertRow(db, "document_requests", {
    beneficiary_id: values.beneficiaryId,
    client_id: values.clientId,
    document_category_id: values.categoryId,
    request_message: values.requestMessage,
    secure_plus_enabled: toFlag(values.securePlusEnabled),
  });
}

export async function replaceFieldValues(db: DB, requestId: number, values: Record<string, string>) {
  await db.deleteFrom("request_field_values").where("request_id", "=", requestId).execute();
  const rows = Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([field_name, field_value]) => ({ request_id: requestId, field_name, field_value }));
  if (rows.length) await db.insertInto("request_field_values").values(rows).execute();
}

export async function listRequestsOfBeneficiary(
  db: DB,
  beneficiaryId: number,
  filter: { status?: RequestStatus; page: number; size: number },
) {
  let base = db.selectFrom("document_requests as r").where("r.beneficiary_id", "=", beneficiaryId);
  if (filter.status) base = base.where("r.status", "=", filter.status);
  return pageOf(
    base,
    withCategoryAndClient(base)
      .select(["r.id", "r.status", "r.created_at", ...CATEGORY_NAMES, ...CLIENT_NAMES])
      .orderBy("r.id", "desc"),
    filter,
  );
}

/** A beneficiary's newest requests, as their list shows them, without counting them all (their dashboard). */
export function newestRequestsOfBeneficiary(db: DB, beneficiaryId: number, limit: number) {
  return withCategoryAndClient(db.selectFrom("document_requests as r").where("r.beneficiary_id", "=", beneficiaryId))
    .select(["r.id", "r.status", "r.created_at", ...CATEGORY_NAMES, ...CLIENT_NAMES])
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
}

/** A request with its category and client, only when it belongs to `beneficiaryId`. */
export const findRequestOfBeneficiary = (db: DB, id: number, beneficiaryId: number) =>
  requestOfBeneficiaryQuery(db, id, beneficiaryId).executeTakeFirst();

export function requestOfBeneficiaryQuery(db: DB, id: number, beneficiaryId: number) {
  return withCategoryAndClient(db.selectFrom("document_requests as r"))
    .select([
      "r.id",
      "r.status",
      "r.status_note_en",
      "r.status_note_ar",
      "r.request_message",
      "r.secure_plus_enabled",
      "r.created_at",
      "r.updated_at",
      "r.document_category_id",
      "r.client_id",
      ...CATEGORY_NAMES,
      ...CATEGORY_TERMS,
      ...CLIENT_NAMES,
    ])
    .where("r.id", "=", id)
    .where("r.beneficiary_id", "=", beneficiaryId);
}

/** The category of a request, only when it belongs to `beneficiaryId` (a subquery). */
export const categoryOfBeneficiaryRequest = (db: DB, id: number, beneficiaryId: number) =>
  db
    .selectFrom("document_requests")
    .select("document_category_id")
    .where("id", "=", id)
    .where("beneficiary_id", "=", beneficiaryId);

export async function updateRequestByBeneficiary(db: DB, id: number, values: { requestMessage: string }) {
  await updateRow(db, "document_requests", id, { request_message: values.requestMessage });
}

export const fieldValuesQuery = (db: DB, requestId: number) =>
  db
    .selectFrom("request_field_values")
    .select(["field_name", "field_value"])
    .where("request_id", "=", requestId)
    .orderBy("id");

export const fieldValuesOf = (db: DB, requestId: number) => fieldValuesQuery(db, requestId).execute();

/** Deletes a PENDING request that has no issued document, with its field values and attachments; false when it no longer qualifies. */
export async function deleteRequestRows(db: DB, requestId: number): Promise<boolean> {
  const issued = await db
    .selectFrom("issued_documents")
    .select("id")
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  if (issued) return false;
  const pending = await db
    .selectFrom("document_requests")
    .select("id")
    .where("id", "=", requestId)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  if (!pending) return false;
  await db
    .deleteFrom("attachments")
    .where("entity_type", "=", "DOCUMENT_REQUESTS")
    .where("reference_entity_id", "=", requestId)
    .execute();
  await db.deleteFrom("request_field_values").where("request_id", "=", requestId).execute();
  await deleteRow(db, "document_requests", requestId);
  return true;
}
