import { deleteRow } from "~/platform/db/rows";
import type { DB } from "~/platform/db/db.server";
import { nowIso } from "~/platform/db/values";

export function findDraft(db: DB, beneficiaryId: number) {
  return db.selectFrom("request_drafts").selectAll().where("beneficiary_id", "=", beneficiaryId).executeTakeFirst();
}

export async function upsertDraft(
  db: DB,
  beneficiaryId: number,
  values: Partial<{
    step: number;
    client_id: number | null;
    document_category_id: number | null;
    fields: string;
    request_message: string;
    secure_plus_enabled: number;
  }>,
) {
  const now = nowIso();
  await db
    .insertInto("request_drafts")
    .values({ beneficiary_id: beneficiaryId, ...values, updated_at: now })
    .onConflict((oc) => oc.column("beneficiary_id").doUpdateSet({ ...values, updated_at: now }))
    .execute();
  return (await findDraft(db, beneficiaryId))!;
}

export async function deleteDraft(db: DB, draftId: number) {
  await deleteRow(db, "request_drafts", draftId);
}

export async function moveDraftAttachmentsToRequest(db: DB, draftId: number, requestId: number) {
  await db
    .updateTable("attachments")
    .set({ entity_type: "DOCUMENT_REQUESTS", reference_entity_id: requestId })
    .where("entity_type", "=", "DOCUMENT_SUPPORTING_DOCUMENTS")
    .where("reference_entity_id", "=", draftId)
    .execute();
}
