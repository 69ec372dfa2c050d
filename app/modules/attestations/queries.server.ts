import type { DB } from "~/db/db.server";

/** A beneficiary's latest attestation requests, with the client asked (a beneficiary's page). */
export function latestAttestationsOf(db: DB, beneficiaryId: number, limit = 5) {
  return db
    .selectFrom("attestations as a")
    .innerJoin("clients as cl", "cl.id", "a.client_id")
    .select(["a.id", "a.document_name", "a.status", "a.created_at", "cl.name_en as client_en", "cl.name_ar as client_ar"])
    .where("a.beneficiary_id", "=", beneficiaryId)
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}
