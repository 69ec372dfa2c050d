import type { DB } from "~/platform/db/db.server";
import { enforceStorageAllowance } from "./allowance.server";
import { bytesOfFilesBy } from "./queries.server";
import { storeFile } from "./storage.server";
import { checkSupportingFile, type UploadedFile } from "./upload.server";

interface SupportingType {
  id: number;
  document_type_en: string;
}

/**
 * Checks and stores the files posted as `document.<typeId>` (wizard and edit screens): all or nothing.
 * When any file is refused, none is stored and each error is returned under its type id; past the
 * uploader's storage allowance the post is refused (thrown 413 or 429) and nothing is stored. The files
 * `attached` now, of a type a posted file replaces, are counted off (the caller deletes them once it
 * has replaced them): replacing a document near the quota is allowed when storage would not grow.
 */
export async function storeSupportingFiles<Type extends SupportingType>(
  db: DB,
  types: Type[],
  files: UploadedFile[],
  ownerId: number,
  attached: { supporting_document_type_id: number | null; file_id: number }[] = [],
) {
  const errors: Record<string, string> = {};
  const accepted: { type: Type; file: UploadedFile; mimeType: string; totalPages: number | null }[] = [];
  for (const file of files) {
    const type = types.find((candidate) => file.fieldName === `document.${candidate.id}`);
    if (!type) continue;
    const checked = await checkSupportingFile(file);
    if (checked.ok) accepted.push({ type, file, mimeType: checked.mimeType, totalPages: checked.totalPages });
    else errors[type.id] = checked.error;
  }
  const stored: { type: Type; fileId: number }[] = [];
  if (Object.keys(errors).length > 0) return { stored, errors };
  const replacedTypes = new Set(accepted.map(({ type }) => type.id));
  const replaced = attached
    .filter((attachment) => replacedTypes.has(attachment.supporting_document_type_id ?? 0))
    .map((attachment) => attachment.file_id);
  await enforceStorageAllowance(
    db,
    ownerId,
    accepted.map(({ file }) => file.bytes.byteLength),
    await bytesOfFilesBy(db, replaced, ownerId),
  );
  for (const { type, file, mimeType, totalPages } of accepted) {
    const { id } = await storeFile(db, {
      bytes: file.bytes,
      mimeType,
      originalName: file.name,
      totalPages,
      createdBy: ownerId,
    });
    stored.push({ type, fileId: id });
  }
  return { stored, errors };
}
