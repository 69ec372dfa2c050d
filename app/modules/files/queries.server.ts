import type { DB } from "~/db/db.server";

export async function insertFile(
  db: DB,
  file: { sha256: string; size: number; mimeType: string; originalName: string; storageKey: string; totalPages: number | null; createdBy: number | null },
): Promise<number> {
  const row = await db
    .insertInto("files")
    .values({
      sha256: file.sha256,
      size: file.size,
      mime_type: file.mimeType,
      original_name: file.originalName,
      storage_key: file.storageKey,
      total_pages: file.totalPages,
      created_by: file.createdBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findFile(db: DB, id: number) {
  return db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Who owns a file: the request, draft, attestation or issued document it belongs to. */
export async function fileOwners(db: DB, fileId: number) {
  const requestAttachment = await db
    .selectFrom("attachments as a")
    .innerJoin("document_requests as r", "r.id", "a.reference_entity_id")
    .select(["r.beneficiary_id", "r.client_id", "a.document_name"])
    .where("a.file_id", "=", fileId)
    .where("a.entity_type", "=", "DOCUMENT_REQUESTS")
    .executeTakeFirst();
  const draftAttachment = await db
    .selectFrom("attachments as a")
    .innerJoin("request_drafts as d", "d.id", "a.reference_entity_id")
    .select(["d.beneficiary_id", "a.document_name"])
    .where("a.file_id", "=", fileId)
    .where("a.entity_type", "=", "DOCUMENT_SUPPORTING_DOCUMENTS")
    .executeTakeFirst();
  const issued = await db
    .selectFrom("issued_documents")
    .select(["beneficiary_id", "client_id", "document_name"])
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  const attestation = await db.selectFrom("attestations").select(["beneficiary_id", "client_id", "document_name"]).where("file_id", "=", fileId).executeTakeFirst();
  return { requestAttachment, draftAttachment, issued, attestation };
}

/** The attachments of a request (DOCUMENT_REQUESTS) or of a wizard draft (DOCUMENT_SUPPORTING_DOCUMENTS), with their files. */
export function attachmentsOf(db: DB, entityType: "DOCUMENT_REQUESTS" | "DOCUMENT_SUPPORTING_DOCUMENTS", referenceId: number) {
  return db
    .selectFrom("attachments as a")
    .innerJoin("files as f", "f.id", "a.file_id")
    // The type's name in both languages, where the attachment is of a supporting document type.
    .leftJoin("supporting_document_types as st", "st.id", "a.supporting_document_type_id")
    .select(["a.id", "a.document_name", "a.status", "a.supporting_document_type_id", "a.file_id", "f.original_name", "f.mime_type", "f.size", "f.total_pages", "st.document_type_en", "st.document_type_ar"])
    .where("a.entity_type", "=", entityType)
    .where("a.reference_entity_id", "=", referenceId)
    .orderBy("a.id")
    .execute();
}

export async function insertAttachment(
  db: DB,
  values: { entityType: "DOCUMENT_SUPPORTING_DOCUMENTS" | "DOCUMENT_REQUESTS"; referenceId: number; documentName: string; fileId: number; supportingTypeId: number | null },
) {
  await db
    .insertInto("attachments")
    .values({
      entity_type: values.entityType,
      reference_entity_id: values.referenceId,
      document_name: values.documentName,
      file_id: values.fileId,
      supporting_document_type_id: values.supportingTypeId,
    })
    .execute();
}
