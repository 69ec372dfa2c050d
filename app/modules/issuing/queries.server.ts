import type { Insertable } from "kysely";
import type { DB } from "~/db/db.server";
import type { IssuedDocumentsTable } from "~/db/schema";

export async function isCodeTaken(db: DB, code: string) {
  return Boolean(await db.selectFrom("issued_documents").select("id").where("verification_code", "=", code).executeTakeFirst());
}

/** Issuing again supersedes the request's earlier valid document. */
export async function supersedeIssuedOfRequest(db: DB, requestId: number, by: number, at: string) {
  await db
    .updateTable("issued_documents")
    .set({ status: "REVOKED", revoked_at: at, revoked_by: by, revocation_reason: "Superseded" })
    .where("request_id", "=", requestId)
    .where("status", "=", "VALID")
    .execute();
}

export async function insertIssuedDocument(db: DB, values: Insertable<IssuedDocumentsTable>): Promise<number> {
  const row = await db.insertInto("issued_documents").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function completeRequest(db: DB, requestId: number, securePlusEnabled: boolean, at: string) {
  await db
    .updateTable("document_requests")
    .set({ status: "COMPLETED", secure_plus_enabled: securePlusEnabled ? 1 : 0, updated_at: at })
    .where("id", "=", requestId)
    .execute();
}

/** Revokes a VALID document of the request; false when there is none. */
export async function revokeValidIssued(db: DB, input: { id: number; requestId: number; by: number; reason: string; at: string }) {
  const result = await db
    .updateTable("issued_documents")
    .set({ status: "REVOKED", revoked_at: input.at, revoked_by: input.by, revocation_reason: input.reason })
    .where("id", "=", input.id)
    .where("request_id", "=", input.requestId)
    .where("status", "=", "VALID")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findIssuedOwner(db: DB, id: number) {
  return db.selectFrom("issued_documents").select(["beneficiary_id", "document_name"]).where("id", "=", id).executeTakeFirst();
}
