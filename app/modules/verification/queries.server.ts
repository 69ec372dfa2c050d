import { ISSUED_DOCUMENT_FACTS } from "~/platform/db/columns";
import { issuedDocumentsWithParties } from "~/platform/db/request-joins";
import { prepared } from "~/platform/db/prepared.server";
import type { Insertable } from "kysely";
import type { VerificationEventsTable } from "~/platform/db/schema";
import type { DB } from "~/platform/db/db.server";

/** What the verification page says of a document: the document, its issuer, its holder and its file. */
const VERIFIED_COLUMNS = [
  ...ISSUED_DOCUMENT_FACTS,
  "d.revoked_at",
  "d.revocation_reason_en",
  "d.revocation_reason_ar",
  "d.access_pin_hash",
  "f.storage_key",
  "f.sha256",
  "f.size",
  "f.mime_type",
] as const;

// Prepared: the public verification page runs this on every look-up (docs/architecture.md §11).
const issuedDocumentByCode = prepared((db: DB, code: string) =>
  issuedDocumentsWithParties(db)
    .innerJoin("files as f", "f.id", "d.file_id")
    .select(VERIFIED_COLUMNS)
    .where("d.verification_code", "=", code),
);

export async function findIssuedDocumentByCode(db: DB, code: string) {
  return (await db.executeQuery(issuedDocumentByCode(db, code))).rows[0];
}

/**
 * The latest look-ups of some documents, newest first: each document's latest `limit` read from the
 * `(issued_document_id, at)` index, then the newest `limit` of those. Asked of the whole table at once (by id, or
 * with the documents as a subquery), PostgreSQL walked or hashed all of it: 34-75 ms among 200,000 events, however few
 * were the documents'.
 */
export function listVerificationEvents(db: DB, issuedDocumentIds: number[], limit = 50) {
  if (issuedDocumentIds.length === 0) return Promise.resolve([]);
  return latestVerificationsQuery(db, issuedDocumentIds, limit).execute();
}

export function latestVerificationsQuery(db: DB, issuedDocumentIds: number[], limit = 50) {
  const latestOf = (id: number) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("verification_events")
          .select(["id", "issued_document_id", "at", "outcome"])
          .where("issued_document_id", "=", id)
          .orderBy("at", "desc")
          .orderBy("id", "desc")
          .limit(limit)
          .as("latest"),
      )
      .selectAll();
  const [first, ...others] = issuedDocumentIds.map(latestOf);
  return db
    .selectFrom(others.reduce((union, next) => union.unionAll(next), first).as("events"))
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
}

export function firstIssuedDocuments(db: DB, limit: number) {
  return db
    .selectFrom("issued_documents")
    .select(["verification_code", "status", "expiry_date", "secure_plus_enabled"])
    .orderBy("id")
    .limit(limit)
    .execute();
}

export type VerificationEventRow = Required<
  Pick<Insertable<VerificationEventsTable>, "issued_document_id" | "outcome" | "ip_hash" | "user_agent" | "at">
>;

/** The look-ups of a moment, written together by the group commit: one statement per 500 rows. */
export async function insertVerificationEvents(db: DB, events: VerificationEventRow[]) {
  for (let start = 0; start < events.length; start += 500) {
    await db
      .insertInto("verification_events")
      .values(events.slice(start, start + 500))
      .execute();
  }
}

/** The code of the document whose stored file has this SHA-256 (the newest, should two files be the same). */
export function findIssuedCodeByHash(db: DB, sha256: string) {
  return db
    .selectFrom("issued_documents")
    .select(["verification_code"])
    .where("document_hash", "=", sha256)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}
