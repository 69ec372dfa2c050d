import crypto from "node:crypto";
import { readUpload } from "~/platform/http/body.server";

export type FileCheck = { status: "match" | "mismatch" } | { status: "missing" | "too-large" };

/**
 * Hashes the posted file, never storing or logging it (docs/architecture.md §7: the file check keeps nothing). The size limit stops the upload
 * as soon as it is passed; more than one file is not a file check.
 */
export async function hashPostedFile(request: Request, expectedSha256: string, maxBytes: number): Promise<FileCheck> {
  const upload = await readUpload(request, { maxFileSize: maxBytes, maxFiles: 1, tooLarge: "validation.fileSizeMax5" });
  if (!upload.ok) return { status: upload.error === "validation.maxFiles5" ? "missing" : "too-large" };
  const file = upload.files.find((candidate) => candidate.fieldName === "file" && candidate.bytes.byteLength > 0);
  if (!file) return { status: "missing" };
  const digest = crypto.createHash("sha256").update(file.bytes).digest("hex");
  return { status: digest === expectedSha256 ? "match" : "mismatch" };
}
