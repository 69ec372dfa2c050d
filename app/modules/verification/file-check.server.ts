import crypto from "node:crypto";
import { MaxFileSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";

export type FileCheck = { status: "match" | "mismatch" } | { status: "missing" | "too-large" };

/**
 * Hashes the posted file while it streams, never storing or logging it (issue 6 point 4).
 * The size limit stops the upload as soon as it is passed.
 */
export async function hashPostedFile(request: Request, expectedSha256: string, maxBytes: number): Promise<FileCheck> {
  let digest: string | null = null;
  try {
    await parseFormData(request, { maxFileSize: maxBytes, maxFiles: 1 }, async (upload: FileUpload) => {
      if (upload.fieldName !== "file" || !upload.name) return undefined;
      const hash = crypto.createHash("sha256");
      let size = 0;
      const reader = upload.stream().getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        size += chunk.value.byteLength;
        hash.update(chunk.value);
      }
      if (size > 0) digest = hash.digest("hex");
      return undefined;
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { status: "too-large" };
    throw error;
  }
  if (!digest) return { status: "missing" };
  return { status: digest === expectedSha256 ? "match" : "mismatch" };
}
