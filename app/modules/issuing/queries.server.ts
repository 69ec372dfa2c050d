import { insertRow } from "~/platform/db/rows";
import type { BilingualNote } from "~/utils/bilingual";
import type { Insertable } from "kysely";
import type { DB } from "~/platform/db/db.server";
import type { IssuedDocumentsTable } from "~/platform/db/schema";
import { SUPERSEDED } from "./revocation";
import { toFlag } from "~/platform/db/values";

export async function isCodeTaken(db: DB, code: string) {
  return Boolean(
    await db.selectFrom("issued_documents").select("id").where("verification_code", "=", code).executeTakeFirst(),
  );
}

/** Issuing again supersedes the request's earlier valid document (all but the new one). */
export async function supersedeIssuedOfRequest(db: DB, requestId: number, newId: number, by: number, at: string) {
  await db
    .updateTable("issued_documents")
    .set({
      status: "REVOKED",
      revoked_at: at,
      revoked_by: by,
      revocation_reason_en: SUPERSEDED,
      revocation_reason_ar: SUPERSEDED,
    })
    .where("request_id", "=", requestId)
    .where("id", "!=", newId)
    .where("status", "=", "VALID")
    .execute();
}

export async function insertIssuedDocument(db: DB, values: Insertable<IssuedDocumentsTable>): Promise<number> {
  return insertRow(db, "issued_documents", values);
}

export async function completeRequest(db: DB, requestId: number, securePlusEnabled: boolean, at: string) {
  await db
    .updateTable("document_requests")
    .set({ status: "COMPLETED", secure_plus_enabled: toFlag(securePlusEnabled), updated_at: at })
    .where("id", "=", requestId)
    .execute();
}

/** Revokes a VALID document of the request or attestation; false when there is none. */
export async function revokeValidIssued(
  db: DB,
  input: {
    id: number;
    owner: { requestId: number } | { attestationId: number };
    by: number;
    reason: BilingualNote;
    at: string;
  },
) {
  const query = db
    .updateTable("issued_documents")
    .set({
      status: "REVOKED",
      revoked_at: input.at,
      revoked_by: input.by,
      revocation_reason_en: input.reason.en,
      revocation_reason_ar: input.reason.ar,
    })
    .where("id", "=", input.id)
    .where("status", "=", "VALID");
  const result = await (
    "requestId" in input.owner
      ? query.where("request_id", "=", input.owner.requestId)
      : query.where("attestation_id", "=", input.owner.attestationId)
  ).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findIssuedOwner(db: DB, id: number) {
  return db
    .selectFrom("issued_documents")
    .select(["beneficiary_id", "document_name_en", "document_name_ar"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Whose documents: a request's, or an attestation's attested copies. */
export type IssuedOwner = { requestId: number } | { attestationId: number };

/** The documents issued for a request, or the attested copies of an attestation, newest first. */
export function issuedDocumentsQuery(db: DB, owner: IssuedOwner) {
  const query = db
    .selectFrom("issued_documents")
    .select([
      "id",
      "document_name_en",
      "document_name_ar",
      "verification_code",
      "expiry_date",
      "created_at",
      "status",
      "revoked_at",
      "revocation_reason_en",
      "revocation_reason_ar",
      "secure_plus_enabled",
      "file_id",
      "document_hash",
    ])
    .orderBy("id", "desc");
  return "requestId" in owner
    ? query.where("request_id", "=", owner.requestId)
    : query.where("attestation_id", "=", owner.attestationId);
}

export const issuedDocumentsOf = (db: DB, owner: IssuedOwner) => issuedDocumentsQuery(db, owner).execute();
