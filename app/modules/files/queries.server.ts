import { insertRow, findRow } from "~/platform/db/rows";
import type { ExpressionBuilder } from "kysely";
import type { Database } from "~/platform/db/schema";
import type { DB } from "~/platform/db/db.server";
import { FILE_FACTS } from "~/platform/db/columns";
import { inChunks } from "~/platform/db/keyset";

export async function insertFile(
  db: DB,
  file: {
    sha256: string;
    size: number;
    mimeType: string;
    originalName: string;
    storageKey: string;
    totalPages: number | null;
    createdBy: number | null;
  },
): Promise<number> {
  return insertRow(db, "files", {
    sha256: file.sha256,
    size: file.size,
    mime_type: file.mimeType,
    original_name: file.originalName,
    storage_key: file.storageKey,
    total_pages: file.totalPages,
    created_by: file.createdBy,
  });
}

export function findFile(db: DB, id: number) {
  return findRow(db, "files", id);
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
    .select(["beneficiary_id", "client_id", "document_name_en"])
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  const attestation = await db
    .selectFrom("attestations")
    .select(["beneficiary_id", "client_id", "document_name"])
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  return { requestAttachment, draftAttachment, issued, attestation };
}

/** What the pages show of an attachment: the attachment, its file, and its type's names. */
const ATTACHMENT_COLUMNS = [
  "a.id",
  "a.document_name",
  "a.status",
  "a.supporting_document_type_id",
  "a.file_id",
  ...FILE_FACTS,
  "st.document_type_en",
  "st.document_type_ar",
] as const;

/** The attachments of a request (DOCUMENT_REQUESTS) or of a wizard draft (DOCUMENT_SUPPORTING_DOCUMENTS), with their files. */
export function attachmentsQuery(
  db: DB,
  entityType: "DOCUMENT_REQUESTS" | "DOCUMENT_SUPPORTING_DOCUMENTS",
  referenceId: number,
) {
  return (
    db
      .selectFrom("attachments as a")
      .innerJoin("files as f", "f.id", "a.file_id")
      // The type's name in both languages, where the attachment is of a supporting document type.
      .leftJoin("supporting_document_types as st", "st.id", "a.supporting_document_type_id")
      .select(ATTACHMENT_COLUMNS)
      .where("a.entity_type", "=", entityType)
      .where("a.reference_entity_id", "=", referenceId)
      .orderBy("a.id")
  );
}

export const attachmentsOf = (...args: Parameters<typeof attachmentsQuery>) => attachmentsQuery(...args).execute();

/** Removes the attachments of a request or draft: all of them, or those of one supporting document type. */
export async function deleteAttachments(
  db: DB,
  entityType: "DOCUMENT_REQUESTS" | "DOCUMENT_SUPPORTING_DOCUMENTS",
  referenceId: number,
  supportingTypeId?: number,
) {
  let query = db
    .deleteFrom("attachments")
    .where("entity_type", "=", entityType)
    .where("reference_entity_id", "=", referenceId);
  if (supportingTypeId !== undefined) query = query.where("supporting_document_type_id", "=", supportingTypeId);
  await query.execute();
}

export async function insertAttachment(
  db: DB,
  values: {
    entityType: "DOCUMENT_SUPPORTING_DOCUMENTS" | "DOCUMENT_REQUESTS";
    referenceId: number;
    documentName: string;
    fileId: number;
    supportingTypeId: number | null;
  },
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

/**
 * No row refers to the file: no attachment, issued document (its file, or the source it was made from), attestation,
 * or template (its logo or signature). Every column that names a file is here; a nullable one is read without its
 * nulls (`NOT IN` a list holding a null is never true).
 */
const unreferenced = (eb: ExpressionBuilder<Database, "files">) =>
  eb.and([
    eb("id", "not in", eb.selectFrom("attachments").select("file_id")),
    eb("id", "not in", eb.selectFrom("issued_documents").select("file_id")),
    eb(
      "id",
      "not in",
      eb.selectFrom("issued_documents").select("source_file_id").where("source_file_id", "is not", null),
    ),
    eb("id", "not in", eb.selectFrom("attestations").select("file_id")),
    eb(
      "id",
      "not in",
      eb.selectFrom("document_templates").select("logo_file_id").where("logo_file_id", "is not", null),
    ),
    eb(
      "id",
      "not in",
      eb.selectFrom("document_templates").select("signature_file_id").where("signature_file_id", "is not", null),
    ),
  ]);

/** Stored files no row refers to, created before `before`. */
export function unreferencedFiles(db: DB, before: string) {
  return db
    .selectFrom("files")
    .select(["id", "storage_key"])
    .where("created_at", "<", before)
    .where(unreferenced)
    .execute();
}

/** Deletes a file's row if still nothing refers to it (a post may have attached it meanwhile). */
export async function deleteUnreferencedFile(db: DB, id: number) {
  const result = await db.deleteFrom("files").where("id", "=", id).where(unreferenced).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Which of these storage keys have a row. */
export async function knownStorageKeys(db: DB, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db.selectFrom("files").select("storage_key").where("storage_key", "in", keys).execute();
  return new Set(rows.map((row) => row.storage_key));
}

/** The bytes of the files a person uploaded that are still stored. */
export async function bytesStoredBy(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("files")
    .select((eb) => eb.fn.sum<number | string | null>("size").as("bytes"))
    .where("created_by", "=", userId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** The bytes of these files that this person uploaded (what replacing them gives back of their storage). */
export async function bytesOfFilesBy(db: DB, fileIds: number[], userId: number): Promise<number> {
  if (fileIds.length === 0) return 0;
  const row = await db
    .selectFrom("files")
    .select((eb) => eb.fn.sum<number | string | null>("size").as("bytes"))
    .where("id", "in", fileIds)
    .where("created_by", "=", userId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** Stored bytes per uploader, for the people they are. */
export async function bytesStoredByEach(db: DB, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("files")
    .select(["created_by", (eb) => eb.fn.sum<number | string | null>("size").as("bytes")])
    .where("created_by", "in", userIds)
    .groupBy("created_by")
    .execute();
  return new Map(rows.map((row) => [Number(row.created_by), Number(row.bytes ?? 0)]));
}

/** Every stored file's key, size and SHA-256, a chunk at a time in id order (a move to another store). */
export function storedFiles(db: DB) {
  return inChunks((after, limit) =>
    db
      .selectFrom("files")
      .select(["id", "storage_key", "size", "sha256"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(limit)
      .execute(),
  );
}
