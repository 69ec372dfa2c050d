import type { DB } from "~/db/db.server";
import { storeFile } from "./storage.server";
import { checkSupportingFile, type UploadedFile } from "./upload.server";

interface SupportingType {
  id: number;
  document_type_en: string;
}

/**
 * Checks and stores the files posted as `document.<typeId>` (wizard and edit screens).
 * A refused file is not stored; its error is returned under its type id.
 */
export async function storeSupportingFiles(db: DB, types: SupportingType[], files: UploadedFile[], ownerId: number) {
  const stored: { type: SupportingType; fileId: number }[] = [];
  const errors: Record<string, string> = {};
  for (const file of files) {
    const type = types.find((candidate) => file.fieldName === `document.${candidate.id}`);
    if (!type) continue;
    const checked = await checkSupportingFile(file);
    if (!checked.ok) {
      errors[type.id] = checked.error;
      continue;
    }
    const { id } = await storeFile(db, { bytes: file.bytes, mimeType: checked.mimeType, originalName: file.name, totalPages: checked.totalPages, createdBy: ownerId });
    stored.push({ type, fileId: id });
  }
  return { stored, errors };
}
