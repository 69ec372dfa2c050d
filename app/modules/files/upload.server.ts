import { done, refused, type Outcome } from "~/platform/outcome";
import { fileTypeFromBuffer } from "file-type";
import type { UploadedFile } from "~/platform/http/body.server";
import { imageSize, MAX_IMAGE_PIXELS } from "./image-size.server";
import { inspectPdf } from "./pdf-inspect.server";

export type { UploadedFile };

const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "svg", "webp", "bmp"];
const DOCUMENT_EXTENSIONS = ["pdf", "doc", "docx", "xls", "xlsx"];
const extensionOf = (name: string) => name.toLowerCase().split(".").pop() ?? "";

export type CheckedFile = Outcome<{ mimeType: string; totalPages: number | null }>;

/** Supporting documents: PDF, DOC, DOCX, XLS, XLSX, PNG, JPEG, GIF, judged by content, not by name (docs/architecture.md §8). */
export async function checkSupportingFile(file: UploadedFile): Promise<CheckedFile> {
  return checkContent(file, ["application/pdf", "image/png", "image/jpeg", "image/gif", "docx", "xlsx", "cfb"]);
}

/** Issued documents: PNG, JPEG, GIF or PDF by content. */
export async function checkIssuableFile(file: UploadedFile): Promise<CheckedFile> {
  return checkContent(file, ["application/pdf", "image/png", "image/jpeg", "image/gif"]);
}

/** A beneficiary's file to attest (docs/architecture.md §6.4): PDF, PNG or JPEG by content. */
export async function checkAttestationFile(file: UploadedFile): Promise<CheckedFile> {
  const checked = await checkContent(file, ["application/pdf", "image/png", "image/jpeg"]);
  return checked.ok || checked.error === "validation.emptyFile" ? checked : refused("validation.attestationFileType");
}

async function checkContent(file: UploadedFile, allowed: string[]): Promise<CheckedFile> {
  if (file.bytes.byteLength === 0) return refused("validation.emptyFile");
  const detected = await fileTypeFromBuffer(file.bytes);
  const extension = extensionOf(file.name);
  const refuse = () =>
    refused(
      IMAGE_EXTENSIONS.includes(extension)
        ? "validation.invalidImageFileType"
        : DOCUMENT_EXTENSIONS.includes(extension)
          ? "validation.invalidDocumentFileType"
          : "validation.invalidFileType",
    );
  if (!detected) return refuse();
  // Word and Excel files of today (Office Open XML): file-type reads their zip's parts; XLSX is taken where XLS is.
  if ((detected.ext === "docx" || detected.ext === "xlsx") && allowed.includes(detected.ext)) {
    return done({ mimeType: detected.mime, totalPages: null });
  }
  // Old Word and Excel files are both OLE compound files; the name says which.
  if (detected.ext === "cfb" && allowed.includes("cfb") && (extension === "doc" || extension === "xls")) {
    return done({
      mimeType: extension === "doc" ? "application/msword" : "application/vnd.ms-excel",
      totalPages: null,
    });
  }
  if (!allowed.includes(detected.mime)) return refuse();
  if (detected.mime === "application/pdf") {
    const inspected = await inspectPdf(file.bytes);
    if (!inspected.ok) return inspected.reason === "too-complex" ? refused("validation.pdfTooComplex") : refuse();
    return done({ mimeType: detected.mime, totalPages: inspected.pages });
  }
  if (detected.mime.startsWith("image/")) {
    const size = imageSize(file.bytes, detected.mime);
    if (!size || size.width === 0 || size.height === 0) return refuse();
    if (size.width * size.height > MAX_IMAGE_PIXELS) return refused("validation.imageTooLarge");
  }
  return done({ mimeType: detected.mime, totalPages: null });
}
