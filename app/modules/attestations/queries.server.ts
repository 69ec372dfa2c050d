import { insertRow } from "~/platform/db/rows";
import type { BilingualNote } from "~/utils/bilingual";
import { CLIENT_NAMES, FILE_FACTS, HOLDER_CONTACT, HOLDER_NAMES } from "~/platform/db/columns";
import { idOf, toFlag } from "~/platform/db/values";
import { containsText } from "~/platform/db/dialect";
import { pageOf } from "~/platform/db/paging";
import { inChunks } from "~/platform/db/keyset";
import type { DB } from "~/platform/db/db.server";
import { usersMatching } from "~/platform/db/search";
import type { AttestationStatus } from "~/platform/db/schema";

/** An attestation as its lists show it. */
const ATTESTATION_SUMMARY = ["a.id", "a.document_name", "a.status", "a.created_at"] as const;

/** A beneficiary's latest attestation requests, with the client asked (a beneficiary's page). */
export function latestAttestationsOf(db: DB, beneficiaryId: number, limit = 5) {
  return db
    .selectFrom("attestations as a")
    .innerJoin("clients as cl", "cl.id", "a.client_id")
    .select([...ATTESTATION_SUMMARY, ...CLIENT_NAMES])
    .where("a.beneficiary_id", "=", beneficiaryId)
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}

export interface AttestationListFilter {
  clientId?: number;
  beneficiaryId?: number;
  status?: AttestationStatus;
  q?: string;
  page: number;
  size: number;
}

function filteredAttestations(db: DB, filter: Omit<AttestationListFilter, "page" | "size">) {
  let base = db.selectFrom("attestations as a");
  if (filter.clientId !== undefined) base = base.where("a.client_id", "=", filter.clientId);
  if (filter.beneficiaryId !== undefined) base = base.where("a.beneficiary_id", "=", filter.beneficiaryId);
  if (filter.status) base = base.where("a.status", "=", filter.status);
  const q = filter.q?.trim();
  if (q) {
    base = base.where((eb) =>
      eb.or([
        ...(idOf(q) ? [eb("a.id", "=", idOf(q))] : []),
        containsText(eb, "a.document_name", q),
        eb("a.beneficiary_id", "in", usersMatching(eb, q)),
      ]),
    );
  }
  return base;
}

const withRowColumns = (base: ReturnType<typeof filteredAttestations>) =>
  base
    .innerJoin("users as b", "b.id", "a.beneficiary_id")
    .innerJoin("clients as cl", "cl.id", "a.client_id")
    .select([...ATTESTATION_SUMMARY, "a.reviewed_at", ...HOLDER_NAMES, "b.email", ...CLIENT_NAMES]);

/** Attestation lists (the beneficiary's own, a client's, or all): newest first, filtered, paged. */
export async function listAttestations(db: DB, filter: AttestationListFilter) {
  const base = filteredAttestations(db, filter);
  return pageOf(base, withRowColumns(base).orderBy("a.id", "desc"), filter);
}

/** Every attestation a list's filters select, in id order, a chunk at a time (exports). */
export function attestationsForExport(db: DB, filter: Omit<AttestationListFilter, "page" | "size">) {
  return inChunks((after, limit) =>
    withRowColumns(filteredAttestations(db, filter)).where("a.id", ">", after).orderBy("a.id").limit(limit).execute(),
  );
}

/** What an attestation's page shows: the attestation, its client, its holder, its file and who decided it. */
const ATTESTATION_DETAIL = [
  "a.id",
  "a.client_id",
  "a.beneficiary_id",
  "a.document_name",
  "a.description",
  "a.file_id",
  "a.status",
  "a.review_note_en",
  "a.review_note_ar",
  "a.secure_plus_enabled",
  "a.reviewed_at",
  "a.created_at",
  "a.updated_at",
  ...CLIENT_NAMES,
  "cl.can_do_attestation",
  ...HOLDER_CONTACT,
  ...FILE_FACTS,
  "f.storage_key",
  "f.sha256",
  "r.first_name_en as reviewer_first_en",
  "r.last_name_en as reviewer_last_en",
  "r.first_name_ar as reviewer_first_ar",
  "r.last_name_ar as reviewer_last_ar",
] as const;

/** One attestation with its client, beneficiary, file and reviewer (scope is checked by the caller). */
export function findAttestation(db: DB, id: number) {
  if (!Number.isSafeInteger(id)) return Promise.resolve(undefined);
  return db
    .selectFrom("attestations as a")
    .innerJoin("clients as cl", "cl.id", "a.client_id")
    .innerJoin("users as b", "b.id", "a.beneficiary_id")
    .innerJoin("files as f", "f.id", "a.file_id")
    .leftJoin("users as r", "r.id", "a.reviewer_id")
    .select(ATTESTATION_DETAIL)
    .where("a.id", "=", id)
    .executeTakeFirst();
}

/** Organisations a beneficiary may ask to attest a document: those whose `can_do_attestation` is set. */
export function attestingClients(db: DB) {
  return db
    .selectFrom("clients")
    .select(["id", "name_en", "name_ar"])
    .where("can_do_attestation", "=", 1)
    .orderBy("name_en")
    .execute();
}

export async function insertAttestation(
  db: DB,
  values: {
    beneficiaryId: number;
    clientId: number;
    documentName: string;
    description: string;
    fileId: number;
    securePlusEnabled: boolean;
  },
) {
  return insertRow(db, "attestations", {
    beneficiary_id: values.beneficiaryId,
    client_id: values.clientId,
    document_name: values.documentName,
    description: values.description,
    file_id: values.fileId,
    secure_plus_enabled: toFlag(values.securePlusEnabled),
  });
}

/**
 * Moves a PENDING attestation to its next state; false when it is no longer PENDING (a decision or a
 * cancellation got there first), so two people deciding at once cannot both win.
 */
export async function closePendingAttestation(
  db: DB,
  id: number,
  values: { status: "APPROVED" | "REJECTED" | "CANCELLED"; reviewerId?: number; note?: BilingualNote; at: string },
) {
  const result = await db
    .updateTable("attestations")
    .set({
      status: values.status,
      updated_at: values.at,
      ...(values.reviewerId !== undefined
        ? {
            reviewer_id: values.reviewerId,
            review_note_en: values.note?.en ?? null,
            review_note_ar: values.note?.ar ?? null,
            reviewed_at: values.at,
          }
        : {}),
    })
    .where("id", "=", id)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The client filter of the list across clients: organisations that attest, or did. */
export function clientsWithAttestations(db: DB) {
  return db
    .selectFrom("clients")
    .select(["id", "name_en", "name_ar"])
    .where((eb) =>
      eb.or([eb("can_do_attestation", "=", 1), eb("id", "in", eb.selectFrom("attestations").select("client_id"))]),
    )
    .orderBy("name_en")
    .execute();
}
