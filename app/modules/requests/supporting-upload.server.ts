import { DOCUMENT_MAX_BYTES } from "~/modules/files/limits";
import { problemsByField, type Refused } from "~/platform/outcome";
import { readUpload } from "~/platform/http/body.server";

/** Whether a post carries files (the documents form) rather than fields. */
export const postsFiles = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");

/** A post of supporting documents, the wizard's or a pending request's edit: up to five, each within the limit. */
export const readSupportingDocuments = (request: Request) =>
  readUpload(request, { maxFileSize: DOCUMENT_MAX_BYTES, maxFiles: 5, tooLarge: "validation.fileSizeMax5" });

/**
 * A refusal of supporting documents as the documents form shows it: each message under its type, and the form's own
 * (none chosen, too large) when the refusal is not just the list of its documents' problems.
 */
export const documentsRefusal = (refusal: Refused) => ({
  byType: problemsByField(refusal),
  formError: refusal.problems?.length && refusal.error === "api.errors.validation" ? undefined : refusal.error,
});
