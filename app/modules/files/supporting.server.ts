import type { DB } from "~/db/db.server";
import { enforceStorageAllowance } from "./allowance.server";
import { storeFile } from "./storage.server";
import { checkSupportingFile, type UploadedFile } from "./upload.server";

interface SupportingType {
  id: number;
  document_type_en: string;
}

/**
 * Checks and stores the files posted as `document.<typeId>` (wizard and edit screens): all or nothing.
 * When any file is refused, none is stored and each error is returned under its type id; past the
 * uploader's storage allowance the post is refused (thrown 413 or 429) and nothing is stored.
 */
export async function storeSupportingFiles(db: DB, types: SupportingType[], files: UploadedFile[], ownerId: number) {
  const errors: Record<string, string> = {};
  const accepted: { type: SupportingType; file: UploadedFile; mimeType: string; totalPages: number | null }[] = [];
  for (const file of files) {
    const type = types.find((candidate) => file.fieldName === `document.${candidate.id}`);
    if (!type) continue;
    const checked = await checkSupportingFile(file);
    if (checked.ok) accepted.push({ type, file, mimeType: checked.mimeType, totalPages: checked.totalPages });
    else errors[type.id] = checked.error;
  }
  const stored: { type: SupportingType; fileId: number }[] = [];
  if (Object.keys(errors).length > 0) return { stored, errors };
  await enforceStorageAllowance(
    db,
    ownerId,
    accepted.map(({ file }) => file.bytes.byteLength),
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
