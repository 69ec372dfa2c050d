import type { BilingualNote } from "~/utils/bilingual";
import { conflict, done, isRefusal, refused, Refusal, type Outcome } from "~/platform/outcome";
import { AREAS, mustLinkTo } from "~/modules/access/areas";
import type { DB } from "~/platform/db/db.server";
import { audit, timelineOf, type AuditActor } from "~/modules/audit/service.server";
import { enforceStorageAllowance } from "~/modules/files/allowance.server";
import { readStoredFile, removeStoredBytes, storeFile } from "~/modules/files/storage.server";
import { checkAttestationFile, type UploadedFile } from "~/modules/files/upload.server";
import { attestationIssuedForHolder, attestationIssuedForStaff } from "~/modules/issuing/holder-view.server";
import { endOfDay, issue, type IssueResult } from "~/modules/issuing/service.server";
import { notify, notifyClerksOfClient } from "~/modules/notifications/service.server";
import { attestingClients, closePendingAttestation, findAttestation, insertAttestation } from "./queries.server";
import { fromFlag, nowIso } from "~/platform/db/values";

export type Attestation = NonNullable<Awaited<ReturnType<typeof findAttestation>>>;
type Actor = AuditActor & { userId: number };

const beneficiaryLink = (id: number) => mustLinkTo(AREAS.beneficiary, "myAttestation", { id });
const clerkLink = (id: number) => mustLinkTo(AREAS.clerks, "attestation", { id });

export type CreateResult = Outcome<{ id: number }>;

/**
 * A beneficiary asks an organisation that attests documents to attest one they hold (docs/architecture.md §6.4): the
 * file is checked by content and stored, the attestation recorded and audited, and the client's clerks
 * told, all together.
 */
export async function createAttestation(
  db: DB,
  input: {
    beneficiary: Actor;
    clientId: number;
    documentName: string;
    description: string;
    securePlusEnabled: boolean;
    file: UploadedFile;
  },
): Promise<CreateResult> {
  if (!(await attestingClients(db)).some((client) => client.id === input.clientId))
    return refused("attestations.clientRequired", "clientId");
  const checked = await checkAttestationFile(input.file);
  if (!checked.ok) return refused(checked.error, "file");
  await enforceStorageAllowance(db, input.beneficiary.userId, [input.file.bytes.byteLength]);
  let storedKey: string | undefined;
  try {
    const id = await db.transaction().execute(async (trx) => {
      const file = await storeFile(trx, {
        bytes: input.file.bytes,
        mimeType: checked.mimeType,
        originalName: input.file.name,
        totalPages: checked.totalPages,
        createdBy: input.beneficiary.userId,
      });
      storedKey = file.storageKey;
      const id = await insertAttestation(trx, {
        beneficiaryId: input.beneficiary.userId,
        clientId: input.clientId,
        documentName: input.documentName,
        description: input.description,
        fileId: file.id,
        securePlusEnabled: input.securePlusEnabled,
      });
      await audit(trx, input.beneficiary, {
        clientId: input.clientId,
        action: "attestation.create",
        entityType: "DOCUMENT_ATTESTATION",
        entityId: id,
        details: { documentName: input.documentName },
      });
      await notifyClerksOfClient(trx, input.clientId, {
        kind: "newAttestation",
        link: clerkLink(id),
        values: { id, name: input.documentName },
      });
      return id;
    });
    return done({ id });
  } catch (error) {
    if (storedKey) await removeStoredBytes([storedKey]);
    throw error;
  }
}

/** The beneficiary withdraws a PENDING attestation; refused when it is no longer PENDING. */
export async function cancelAttestation(db: DB, attestation: Attestation, actor: Actor): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await closePendingAttestation(trx, attestation.id, { status: "CANCELLED", at: nowIso() })))
      return notPending();
    await audit(trx, actor, {
      clientId: attestation.client_id,
      action: "attestation.cancel",
      entityType: "DOCUMENT_ATTESTATION",
      entityId: attestation.id,
    });
    return done();
  });
}

/** A decision's trail, in its transaction: audited, and the beneficiary told in the service and by mail. */
async function tellDecision(
  trx: DB,
  attestation: Attestation,
  actor: Actor,
  decision: {
    action: "attestation.approve" | "attestation.reject";
    kind: "attestationApproved" | "attestationRejected";
    details: Record<string, unknown>;
    note?: BilingualNote;
  },
) {
  await audit(trx, actor, {
    clientId: attestation.client_id,
    action: decision.action,
    entityType: "DOCUMENT_ATTESTATION",
    entityId: attestation.id,
    details: decision.details,
  });
  const notice = {
    kind: decision.kind,
    link: beneficiaryLink(attestation.id),
    values: { name: attestation.document_name },
    ...(decision.note ? { bilingual: { note: decision.note } } : {}),
  };
  await notify(trx, attestation.beneficiary_id, notice, { mail: true });
}

/** Decided meanwhile (another tab, another clerk): nothing is decided twice. */
const notPending = () => conflict("attestations.notPending");

/**
 * Approving runs the issuing pipeline (docs/architecture.md §6.3) on the beneficiary's stored file with kind
 * ATTESTATION: the attested copy is stamped "Attested by", recorded, and the attestation APPROVED in the
 * same transaction; the beneficiary is told in-app and by mail.
 */
export async function approveAttestation(
  db: DB,
  attestation: Attestation,
  expirationDate: string,
  actor: Actor,
): Promise<IssueResult> {
  if (attestation.status !== "PENDING") return notPending();
  const bytes = await readStoredFile(attestation);
  try {
    return await issue(
      db,
      {
        kind: "ATTESTATION",
        client: { id: attestation.client_id, en: attestation.client_en, ar: attestation.client_ar },
        beneficiaryId: attestation.beneficiary_id,
        issuer: actor,
        source: {
          bytes,
          mimeType: attestation.mime_type,
          name: attestation.original_name,
          totalPages: attestation.total_pages,
          storedFileId: attestation.file_id,
        },
        // The beneficiary's own words name the attested copy, in whichever language they wrote them.
        documentName: { en: attestation.document_name, ar: attestation.document_name },
        securePlusEnabled: fromFlag(attestation.secure_plus_enabled),
        expiry: endOfDay(expirationDate),
        attestationId: attestation.id,
      },
      async (trx, issued) => {
        if (
          !(await closePendingAttestation(trx, attestation.id, {
            status: "APPROVED",
            reviewerId: actor.userId,
            at: nowIso(),
          }))
        )
          throw new Refusal(notPending());
        await tellDecision(trx, attestation, actor, {
          action: "attestation.approve",
          kind: "attestationApproved",
          details: { status: "APPROVED", issuedDocumentId: issued.id, code: issued.code },
        });
      },
    );
  } catch (error) {
    if (isRefusal(error)) return error.refused;
    throw error;
  }
}

/** Rejecting records the note the beneficiary reads; they are told in-app and by mail. */
export async function rejectAttestation(
  db: DB,
  attestation: Attestation,
  note: BilingualNote,
  actor: Actor,
): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    if (
      !(await closePendingAttestation(trx, attestation.id, {
        status: "REJECTED",
        reviewerId: actor.userId,
        note,
        at: nowIso(),
      }))
    )
      return notPending();
    await tellDecision(trx, attestation, actor, {
      action: "attestation.reject",
      kind: "attestationRejected",
      details: { status: "REJECTED", note },
      note,
    });
    return done();
  });
}

/** The beneficiary's page: the attestation, its timeline, and the attested copy with its code, QR and PIN. */
export async function holderAttestationView(db: DB, attestation: Attestation) {
  return {
    attestation: withoutStorage(attestation),
    timeline: await timelineOf(db, "DOCUMENT_ATTESTATION", attestation.id),
    ...(await attestationIssuedForHolder(db, attestation.id)),
  };
}

/** The staff page: the same, with the attested copies as staff see them (no PIN). */
export async function staffAttestationView(db: DB, attestation: Attestation) {
  return {
    attestation: withoutStorage(attestation),
    timeline: await timelineOf(db, "DOCUMENT_ATTESTATION", attestation.id),
    ...(await attestationIssuedForStaff(db, attestation.id)),
  };
}

/** The storage key never leaves the server. */
export function withoutStorage({ storage_key: _key, ...attestation }: Attestation) {
  return attestation;
}
