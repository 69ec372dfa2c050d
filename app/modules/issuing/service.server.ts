import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { DB } from "~/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { sha256Hex, storagePath, storeFile } from "~/modules/files/storage.server";
import { checkIssuableFile, type UploadedFile } from "~/modules/files/upload.server";
import { notify } from "~/modules/notifications/service.server";
import { generateVerificationCode } from "~/modules/verification/code";
import { accessPinFor, hashAccessPin } from "~/modules/verification/pin.server";
import { env } from "~/utils/env.server";
import { gifToPng } from "./images.server";
import { completeRequest, findIssuedOwner, insertIssuedDocument, isCodeTaken, revokeValidIssued, supersedeIssuedOfRequest } from "./queries.server";
import { stampDocument } from "./stamp.server";

export interface IssueInput {
  request: { id: number; status: string; client_id: number; client_en: string; client_ar: string; beneficiary_id: number; document_category_id: number; validity_period_days: number };
  issuer: AuditActor & { userId: number };
  file: UploadedFile;
  documentName: string;
  securePlusEnabled: boolean;
  /** YYYY-MM-DD; absent in the clerks' version: today plus the category's validity period. */
  expirationDate?: string;
}

export type IssueResult = { ok: true; issuedDocumentId: number; code: string } | { ok: false; error: string };

async function uniqueCode(db: DB) {
  for (;;) {
    const code = generateVerificationCode((size) => crypto.randomBytes(size));
    if (!(await isCodeTaken(db, code))) return code;
  }
}

/**
 * DESIGN 6.3: store the original, stamp every page with the QR code and the code, hash the stamped
 * bytes, record the document, complete the request, audit and notify: all or nothing.
 */
export async function issueDocument(db: DB, input: IssueInput): Promise<IssueResult> {
  if (input.request.status === "REJECTED") return { ok: false, error: "staff.cannotIssueRejected" };
  const checked = await checkIssuableFile(input.file);
  if (!checked.ok) return { ok: false, error: checked.error };

  const code = await uniqueCode(db);
  const verificationUrl = `${env.publicUrl}/verify/${code}`;
  const image = checked.mimeType === "image/gif" ? gifToPng(input.file.bytes) : input.file.bytes;
  const mimeType = checked.mimeType === "image/gif" ? "image/png" : (checked.mimeType as "application/pdf" | "image/png" | "image/jpeg");
  let stamped: { bytes: Uint8Array; totalPages: number };
  try {
    stamped = await stampDocument({ bytes: image, mimeType, code, verificationUrl, issuer: { en: input.request.client_en, ar: input.request.client_ar }, issuedAt: new Date() });
  } catch {
    return { ok: false, error: "validation.invalidDocumentFileType" };
  }
  const expiry = input.expirationDate
    ? new Date(`${input.expirationDate}T23:59:59Z`).toISOString()
    : new Date(Date.now() + input.request.validity_period_days * 86_400_000).toISOString();
  const pinHash = input.securePlusEnabled ? await hashAccessPin(accessPinFor(code)) : null;

  const storedKeys: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const original = await storeFile(trx, { bytes: input.file.bytes, mimeType: checked.mimeType, originalName: input.file.name, totalPages: checked.totalPages, createdBy: input.issuer.userId });
      storedKeys.push(original.storageKey);
      const issued = await storeFile(trx, { bytes: stamped.bytes, mimeType: "application/pdf", originalName: `${input.documentName}.pdf`, totalPages: stamped.totalPages, createdBy: input.issuer.userId });
      storedKeys.push(issued.storageKey);
      const now = new Date().toISOString();
      // Issuing again supersedes the earlier document.
      await supersedeIssuedOfRequest(trx, input.request.id, input.issuer.userId, now);
      const issuedDocumentId = await insertIssuedDocument(trx, {
          kind: "REQUEST",
          request_id: input.request.id,
          category_id: input.request.document_category_id,
          client_id: input.request.client_id,
          issuer_id: input.issuer.userId,
          beneficiary_id: input.request.beneficiary_id,
          document_name: input.documentName,
          file_id: issued.id,
          total_pages: stamped.totalPages,
          expiry_date: expiry,
          document_hash: sha256Hex(stamped.bytes),
          verification_code: code,
          secure_plus_enabled: input.securePlusEnabled ? 1 : 0,
          access_pin_hash: pinHash,
        });
      await completeRequest(trx, input.request.id, input.securePlusEnabled, now);
      await audit(trx, input.issuer, {
        clientId: input.request.client_id,
        action: "request.issue",
        entityType: "DOCUMENT_REQUESTS",
        entityId: input.request.id,
        details: { issuedDocumentId: issuedDocumentId, code },
      });
      const notice = { kind: "documentIssued" as const, link: `/beneficiary/request-document/${input.request.id}`, values: { name: input.documentName } };
      await notify(trx, input.request.beneficiary_id, notice, { mail: true });
      return { ok: true as const, issuedDocumentId: issuedDocumentId, code };
    });
  } catch (error) {
    // Nothing half-written: files stored before the failure are removed too.
    await Promise.all(storedKeys.map((key) => fs.rm(storagePath(key), { force: true })));
    throw error;
  }
}

/** Staff of the client (and super admins) revoke a document with a reason; audited. */
export async function revokeIssuedDocument(
  db: DB,
  input: { requestId: number; clientId: number; issuedDocumentId: number; reason: string; actor: AuditActor & { userId: number } },
) {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    if (!(await revokeValidIssued(trx, { id: input.issuedDocumentId, requestId: input.requestId, by: input.actor.userId, reason: input.reason, at: now }))) return false;
    await audit(trx, input.actor, {
      clientId: input.clientId,
      action: "request.revoke",
      entityType: "DOCUMENT_REQUESTS",
      entityId: input.requestId,
      details: { issuedDocumentId: input.issuedDocumentId, note: input.reason },
    });
    const revoked = await findIssuedOwner(trx, input.issuedDocumentId);
    if (revoked) {
      const notice = { kind: "documentRevoked" as const, link: `/beneficiary/request-document/${input.requestId}`, values: { name: revoked.document_name, reason: input.reason } };
      await notify(trx, revoked.beneficiary_id, notice, { mail: true });
    }
    return true;
  });
}
