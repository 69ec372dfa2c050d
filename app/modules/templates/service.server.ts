import type { DB } from "~/platform/db/db.server";
import { nowIso } from "~/platform/db/values";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { enforceStorageAllowance } from "~/modules/files/allowance.server";
import { bytesOfFilesBy } from "~/modules/files/queries.server";
import { deleteReleasedFiles, removeStoredBytes, storeFile } from "~/modules/files/storage.server";
import { checkIssuableFile, type UploadedFile } from "~/modules/files/upload.server";
import { normalisedPng } from "~/modules/issuing/stamp.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { findTemplate, saveTemplateRow } from "./queries.server";
import type { TemplateForm } from "./schema";

const IMAGE_TYPES = ["image/png", "image/jpeg"];

/**
 * An image for the template: PNG or JPEG by its content, like every upload (docs/architecture.md §8). A PNG is
 * stored normalised (8 bits a channel, at most TEMPLATE_IMAGE_MAX_SIDE a side), so that every preview and
 * document drawn with it costs milliseconds, whatever was uploaded; a JPEG is embedded as it is (no decoding).
 */
async function checkedImage(file: UploadedFile | undefined, organisationId: number) {
  if (!file || file.bytes.byteLength === 0) return done({ image: null });
  const checked = await checkIssuableFile(file);
  if (!checked.ok) return refused("validation.invalidImageFileType");
  if (!IMAGE_TYPES.includes(checked.mimeType)) return refused("validation.invalidImageFileType");
  if (checked.mimeType !== "image/png") return done({ image: { file, mimeType: checked.mimeType } });
  const bytes = await normalisedPng(file.bytes, organisationId);
  if (!bytes) return refused("validation.invalidImageFileType");
  return done({ image: { file: { ...file, bytes }, mimeType: checked.mimeType } });
}

/** Saves a category's template, with a new logo or signature when given; audited. */
export async function saveTemplate(
  db: DB,
  actor: AuditActor & { userId: number },
  category: { id: number; client_id: number },
  form: TemplateForm,
  images: { logo?: UploadedFile; signature?: UploadedFile },
): Promise<Outcome<object, string>> {
  const logo = await checkedImage(images.logo, category.client_id);
  if (!logo.ok) return refused(logo.error, "logo");
  const signature = await checkedImage(images.signature, category.client_id);
  if (!signature.ok) return refused(signature.error, "signature");
  // A template's images count against their uploader's storage like any upload (README, Security limits); an image
  // it replaces is deleted once the template is saved, so what this person uploaded before is counted off.
  const previous = await findTemplate(db, category.id);
  const replaced = [
    logo.image ? previous?.logo_file_id : null,
    signature.image ? previous?.signature_file_id : null,
  ].filter((id): id is number => typeof id === "number");
  const incoming = [logo.image, signature.image].flatMap((image) => (image ? [image.file.bytes.byteLength] : []));
  await enforceStorageAllowance(db, actor.userId, incoming, await bytesOfFilesBy(db, replaced, actor.userId));
  const stored: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      const store = async (image: typeof logo.image) => {
        if (!image) return undefined;
        const file = await storeFile(trx, {
          bytes: image.file.bytes,
          mimeType: image.mimeType,
          originalName: image.file.name,
          createdBy: actor.userId,
        });
        stored.push(file.storageKey);
        return file.id;
      };
      await saveTemplateRow(trx, {
        category_id: category.id,
        page_size: form.pageSize,
        orientation: form.orientation,
        title_en: form.title.english,
        title_ar: form.title.arabic,
        body_en: form.body.english,
        body_ar: form.body.arabic,
        logo_file_id: await store(logo.image),
        signature_file_id: await store(signature.image),
        updated_by: actor.userId,
        updated_at: nowIso(),
      });
      await audit(trx, actor, {
        clientId: category.client_id,
        action: "category.template",
        entityType: "DOCUMENT_CATEGORIES",
        entityId: category.id,
      });
    });
  } catch (error) {
    await removeStoredBytes(stored);
    throw error;
  }
  await deleteReleasedFiles(db, replaced);
  return done();
}
