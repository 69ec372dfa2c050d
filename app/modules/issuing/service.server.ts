import { conflict, done, isRefusal, NOT_FOUND_ERROR, type Outcome, refused } from "~/platform/outcome";
import { mustLinkTo, AREAS } from "~/modules/access/areas";
import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import type { Bilingual, BilingualNote } from "~/utils/bilingual";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { putFile, recordFile, removeStoredBytes } from "~/modules/files/storage.server";
import { checkIssuableFile, type UploadedFile } from "~/modules/files/upload.server";
import { notify } from "~/modules/notifications/service.server";
import { generateVerificationCode } from "~/modules/verification/code";
import { accessPinFor, hashAccessPin } from "~/modules/verification/pin.server";
import { env } from "~/platform/env.server";
import { signAs } from "~/modules/signing/service.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import { defaultExpiryDate } from "./schema";
import {
  completeRequest,
  findIssuedOwner,
  insertIssuedDocument,
  isCodeTaken,
  revokeValidIssued,
  supersedeIssuedOfRequest,
} from "./queries.server";
import { stampDocument, type StampInput } from "./stamp.server";
import { nowIso, toFlag } from "~/platform/db/values";
import { auditNow } from "~/platform/db/clock.server";
import { drawStatusPosition } from "~/modules/credentials/service.server";

export interface IssueInput {
  request: {
    id: number;
    status: string;
    client_id: number;
    client_en: string;
    client_ar: string;
    beneficiary_id: number;
    document_category_id: number;
    validity_period_days: number;
  };
  issuer: AuditActor & { userId: number };
  /** The uploaded document, or one drawn once its code is known (a template's, docs/architecture.md §21). */
  file: UploadedFile | DrawnDocument;
  documentName: Bilingual;
  securePlusEnabled: boolean;
  /** YYYY-MM-DD; absent in the clerks' version: today plus the category's validity period. */
  expirationDate?: string;
  /** A PENDING request is approved and issued in one step only when asked ("Approve and issue"). */
  approve?: boolean;
}

/** A document drawn when it is issued, with its code, date and expiry (ISO). */
export interface DrawnDocument {
  draw: (facts: { code: string; issuedAt: Date; expiry: string }) => Promise<Uint8Array>;
  name: string;
}

export type IssueResult = Outcome<{ issuedDocumentId: number; code: string }>;

/** What the pipeline issues: a request's document or an attested copy of a beneficiary's file. */
export interface IssueOrder {
  kind: "REQUEST" | "ATTESTATION";
  client: { id: number; en: string; ar: string };
  beneficiaryId: number;
  issuer: AuditActor & { userId: number };
  /**
   * The file as checked by content; `storedFileId` when it is already stored (an attestation's upload). Or a document
   * drawn once the code is known (a template's, docs/architecture.md §21).
   */
  source:
    | { bytes: Uint8Array; mimeType: string; name: string; totalPages: number | null; storedFileId?: number }
    | DrawnDocument;
  documentName: Bilingual;
  securePlusEnabled: boolean;
  /** ISO timestamp. */
  expiry: string;
  requestId?: number;
  categoryId?: number;
  attestationId?: number;
  /**
   * Made in the issuing transaction before the document is recorded, overriding `beneficiaryId` and `requestId`: a bulk
   * row's account and request (docs/architecture.md §21), which exist only if its document does.
   */
  createOwner?: (trx: Transaction) => Promise<{ beneficiaryId: number; requestId: number }>;
}

export type Transaction = Parameters<Parameters<ReturnType<DB["transaction"]>["execute"]>[0]>[0];

async function uniqueCode(db: DB) {
  for (;;) {
    const code = generateVerificationCode((size) => crypto.randomBytes(size));
    if (!(await isCodeTaken(db, code))) return code;
  }
}

/** The end of the expiry day (YYYY-MM-DD), as an ISO timestamp. */
export const endOfDay = (date: string) => new Date(`${date}T23:59:59Z`).toISOString();

/**
 * The issuing pipeline (docs/architecture.md §6.3, §6.4): stamp every page with the QR code, the code and the bilingual
 * stamp; then in one transaction store the original (unless stored) and the stamped copy, record the
 * issued document with the SHA-256 of the stamped bytes, and run `within` (the kind's own changes,
 * audit and notices): all or nothing.
 */
export async function issue(
  db: DB,
  order: IssueOrder,
  within: (
    trx: Transaction,
    issued: { id: number; code: string; beneficiaryId: number; requestId?: number },
  ) => Promise<void>,
): Promise<IssueResult> {
  const code = await uniqueCode(db);
  const verificationUrl = `${env.publicUrl}/verify/${code}`;
  // One instant for the stamp, the record (and so /verify and the credential) and the PDF's metadata; the demo
  // data's history pins it with asOf.
  const issuedAt = new Date(auditNow());
  let stamped: { bytes: Uint8Array; totalPages: number };
  let source: Exclude<IssueOrder["source"], { draw: unknown }>;
  try {
    source =
      "draw" in order.source
        ? {
            bytes: await order.source.draw({ code, issuedAt, expiry: order.expiry }),
            mimeType: "application/pdf",
            name: order.source.name,
            totalPages: 1,
          }
        : order.source;
    stamped = await stampDocument({
      bytes: source.bytes,
      mimeType: source.mimeType as StampInput["mimeType"],
      code,
      verificationUrl,
      kind: order.kind,
      issuer: { id: order.client.id, en: order.client.en, ar: order.client.ar },
      issuedAt,
      title: order.documentName,
      signature: env.pdfSigning
        ? { name: order.client.en, reason: i18nFor("en").t("stamp.signatureReason") }
        : undefined,
    });
    // Signed as the organisation after the stamp: the recorded hash is the signed file's.
    if (env.pdfSigning) stamped = { ...stamped, bytes: await signAs(db, order.client, stamped) };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return error.refused;
  }
  const pinHash = order.securePlusEnabled ? await hashAccessPin(accessPinFor(code)) : null;

  // The files' bytes are stored before the transaction, which writes only their rows: it holds the write lock.
  const storedKeys: string[] = [];
  try {
    const original =
      source.storedFileId === undefined
        ? await putFile({
            bytes: source.bytes,
            mimeType: source.mimeType,
            originalName: source.name,
            totalPages: source.totalPages,
            createdBy: order.issuer.userId,
          })
        : null;
    if (original) storedKeys.push(original.storageKey);
    const issuedFile = await putFile({
      bytes: stamped.bytes,
      mimeType: "application/pdf",
      originalName: `${order.documentName.en}.pdf`,
      totalPages: stamped.totalPages,
      createdBy: order.issuer.userId,
    });
    storedKeys.push(issuedFile.storageKey);
    return await db.transaction().execute(async (trx) => {
      const sourceFileId = original ? (await recordFile(trx, original)).id : null;
      const issued = await recordFile(trx, issuedFile);
      const owner = order.createOwner
        ? await order.createOwner(trx)
        : { beneficiaryId: order.beneficiaryId, requestId: order.requestId };
      const issuedDocumentId = await insertIssuedDocument(trx, {
        kind: order.kind,
        request_id: owner.requestId ?? null,
        attestation_id: order.attestationId ?? null,
        category_id: order.categoryId ?? null,
        client_id: order.client.id,
        issuer_id: order.issuer.userId,
        beneficiary_id: owner.beneficiaryId,
        document_name_en: order.documentName.en,
        document_name_ar: order.documentName.ar,
        file_id: issued.id,
        source_file_id: sourceFileId,
        total_pages: stamped.totalPages,
        expiry_date: order.expiry,
        document_hash: issued.sha256,
        verification_code: code,
        status_position: await drawStatusPosition(trx),
        created_at: issuedAt.toISOString(),
        secure_plus_enabled: toFlag(order.securePlusEnabled),
        access_pin_hash: pinHash,
      });
      await within(trx, { id: issuedDocumentId, code, ...owner });
      return done({ issuedDocumentId, code });
    });
  } catch (error) {
    // Nothing half-written: files stored before the failure are removed too.
    await removeStoredBytes(storedKeys);
    throw error;
  }
}

/**
 * What issuing does to a request in each state (docs/product.md, Issuing): an APPROVED one is issued and COMPLETED; a
 * PENDING one only with "Approve and issue"; a COMPLETED one is issued again, superseding its document; a REJECTED
 * one never.
 */
export function issuingRefusal(status: string, approve: boolean) {
  if (status === "REJECTED") return "staff.cannotIssueRejected" as const;
  if (status === "PENDING" && !approve) return "staff.approveToIssue" as const;
  return null;
}

/** An uploaded document, checked by its content. */
async function uploadSource(file: UploadedFile) {
  const checked = await checkIssuableFile(file);
  if (!checked.ok) return checked;
  return done({
    source: { bytes: file.bytes, mimeType: checked.mimeType, name: file.name, totalPages: checked.totalPages },
  });
}

/** A request's document: the request is completed, an earlier document superseded, the beneficiary told. */
export async function issueDocument(db: DB, input: IssueInput): Promise<IssueResult> {
  const refusal = issuingRefusal(input.request.status, input.approve === true);
  if (refusal) return conflict(refusal);
  const { request } = input;
  const expiry = endOfDay(input.expirationDate ?? defaultExpiryDate(request.validity_period_days));
  const source = "draw" in input.file ? done({ source: input.file }) : await uploadSource(input.file);
  if (!source.ok) return refused(source.error, "file");
  const order: IssueOrder = {
    kind: "REQUEST",
    client: { id: request.client_id, en: request.client_en, ar: request.client_ar },
    beneficiaryId: request.beneficiary_id,
    issuer: input.issuer,
    source: source.source,
    documentName: input.documentName,
    securePlusEnabled: input.securePlusEnabled,
    expiry,
    requestId: request.id,
    categoryId: request.document_category_id,
  };
  const issued = await issue(db, order, async (trx, issued) => {
    const now = nowIso();
    if (request.status === "PENDING")
      await audit(trx, input.issuer, {
        clientId: request.client_id,
        action: "request.status",
        entityType: "DOCUMENT_REQUESTS",
        entityId: request.id,
        details: { status: "APPROVED" },
      });
    // Issuing again supersedes the earlier document.
    await supersedeIssuedOfRequest(trx, request.id, issued.id, input.issuer.userId, now);
    await completeRequest(trx, request.id, input.securePlusEnabled, now);
    await audit(trx, input.issuer, {
      clientId: request.client_id,
      action: "request.issue",
      entityType: "DOCUMENT_REQUESTS",
      entityId: request.id,
      details: { issuedDocumentId: issued.id, code: issued.code },
    });
    const notice = {
      kind: "documentIssued" as const,
      link: mustLinkTo(AREAS.beneficiary, "myRequest", { id: request.id }),
      values: { id: request.id },
      bilingual: { name: input.documentName },
    };
    await notify(trx, request.beneficiary_id, notice, { mail: true });
  });
  // The stamp refused the file the clerk chose: its message stands beside it.
  return issued.ok ? issued : { ...issued, field: "file" };
}

/** Where an issued document belongs: a request, or an attestation (its audit trail and its holder's page). */
export type IssuedOwner = { requestId: number } | { attestationId: number };

const ownerEntity = (owner: IssuedOwner) =>
  "requestId" in owner
    ? {
        entityType: "DOCUMENT_REQUESTS" as const,
        entityId: owner.requestId,
        action: "request.revoke",
        link: mustLinkTo(AREAS.beneficiary, "myRequest", { id: owner.requestId }),
      }
    : {
        entityType: "DOCUMENT_ATTESTATION" as const,
        entityId: owner.attestationId,
        action: "attestation.revoke",
        link: mustLinkTo(AREAS.beneficiary, "myAttestation", { id: owner.attestationId }),
      };

/** Staff of the client (and super admins) revoke a document or an attested copy with a reason; audited, the holder told. */
export async function revokeIssuedDocument(
  db: DB,
  input: {
    owner: IssuedOwner;
    clientId: number;
    issuedDocumentId: number;
    reason: BilingualNote;
    actor: AuditActor & { userId: number };
  },
) {
  const now = nowIso();
  const entity = ownerEntity(input.owner);
  return db.transaction().execute(async (trx) => {
    if (
      !(await revokeValidIssued(trx, {
        id: input.issuedDocumentId,
        owner: input.owner,
        by: input.actor.userId,
        reason: input.reason,
        at: now,
      }))
    )
      return refused(NOT_FOUND_ERROR);
    await audit(trx, input.actor, {
      clientId: input.clientId,
      action: entity.action,
      entityType: entity.entityType,
      entityId: entity.entityId,
      details: { issuedDocumentId: input.issuedDocumentId, note: input.reason },
    });
    const revoked = await findIssuedOwner(trx, input.issuedDocumentId);
    if (revoked) {
      // It names what it was issued for: the request, or the attestation.
      const notice = {
        kind: "documentRevoked" as const,
        link: entity.link,
        values: { id: entity.entityId },
        bodyKey:
          entity.entityType === "DOCUMENT_REQUESTS" ? undefined : "notifications.documentRevoked.bodyAttestation",
        bilingual: {
          name: { en: revoked.document_name_en, ar: revoked.document_name_ar },
          reason: input.reason,
        },
      };
      await notify(trx, revoked.beneficiary_id, notice, { mail: true });
    }
    return done();
  });
}
