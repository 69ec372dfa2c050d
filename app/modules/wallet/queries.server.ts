import { ISSUED_DOCUMENT_FACTS } from "~/platform/db/columns";
import { issuedDocumentsWithParties } from "~/platform/db/request-joins";
import type { DB } from "~/platform/db/db.server";

/** What a wallet credential says of an issued document: its facts, its organisation, the holder's national ID. */
export function findWalletFacts(db: DB, issuedDocumentId: number) {
  return issuedDocumentsWithParties(db)
    .select([...ISSUED_DOCUMENT_FACTS, "d.client_id", "d.status_position", "d.request_id", "d.attestation_id", "b.nin"])
    .where("d.id", "=", issuedDocumentId)
    .executeTakeFirst();
}

/** The fields the holder filled in for the request a document answers, with their names in both languages. */
export function requestFieldsOf(db: DB, requestId: number) {
  return db
    .selectFrom("request_field_values as v")
    .innerJoin("document_requests as r", "r.id", "v.request_id")
    .leftJoin("document_required_fields as f", (join) =>
      join.onRef("f.document_category_id", "=", "r.document_category_id").onRef("f.field_name", "=", "v.field_name"),
    )
    .select(["v.field_name", "v.field_value", "f.name_en", "f.name_ar"])
    .where("v.request_id", "=", requestId)
    .orderBy("v.id")
    .execute();
}

/** The organisations a wallet can receive documents from: their names and whether they have a logo. */
export function walletOrganisations(db: DB) {
  return db.selectFrom("clients").select(["id", "name_en", "name_ar"]).orderBy("id").execute();
}

export function insertOffer(
  db: DB,
  values: { issuedDocumentId: number; createdBy: number; codeHash: string; offerSealed: string; expiresAt: string },
) {
  return db
    .insertInto("wallet_offers")
    .values({
      issued_document_id: values.issuedDocumentId,
      created_by: values.createdBy,
      code_hash: values.codeHash,
      offer_sealed: values.offerSealed,
      expires_at: values.expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** The holder's offer for a document that still lives: not redeemed, not expired, not burnt by wrong codes. */
export function liveOfferOf(db: DB, issuedDocumentId: number, now: string, maxAttempts: number) {
  return db
    .selectFrom("wallet_offers")
    .select(["id", "offer_sealed", "expires_at"])
    .where("issued_document_id", "=", issuedDocumentId)
    .where("redeemed_at", "is", null)
    .where("expires_at", ">", now)
    .where("failed_attempts", "<", maxAttempts)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export function findOfferByCode(db: DB, codeHash: string) {
  return db
    .selectFrom("wallet_offers")
    .select(["id", "issued_document_id", "created_by", "offer_sealed", "expires_at", "redeemed_at", "failed_attempts"])
    .where("code_hash", "=", codeHash)
    .executeTakeFirst();
}

export function countFailedAttempt(db: DB, offerId: number) {
  return db
    .updateTable("wallet_offers")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("id", "=", offerId)
    .execute();
}

/** Redeems an offer once: true only for the one request that found it unredeemed. */
export async function redeemOffer(
  db: DB,
  offerId: number,
  values: { now: string; accessTokenHash: string; accessExpiresAt: string },
) {
  const result = await db
    .updateTable("wallet_offers")
    .set({
      redeemed_at: values.now,
      access_token_hash: values.accessTokenHash,
      access_expires_at: values.accessExpiresAt,
    })
    .where("id", "=", offerId)
    .where("redeemed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findOfferByAccessToken(db: DB, accessTokenHash: string, now: string) {
  return db
    .selectFrom("wallet_offers")
    .select(["id", "issued_document_id"])
    .where("access_token_hash", "=", accessTokenHash)
    .where("access_expires_at", ">", now)
    .executeTakeFirst();
}

/** Spends a nonce once (written as spent, until it expires): true only for the one request that wrote it. */
export async function spendNonce(db: DB, nonceHash: string, expiresAt: string, now: string) {
  const written = await db
    .insertInto("wallet_nonces")
    .values({ nonce_hash: nonceHash, expires_at: expiresAt, used_at: now })
    .onConflict((conflict) => conflict.column("nonce_hash").doNothing())
    .returning("id")
    .executeTakeFirst();
  return written !== undefined;
}

export function insertPresentationRequest(
  db: DB,
  values: { responseKeyHash: string; viewKeyHash: string; requestSealed: string; query: string; expiresAt: string },
) {
  return db
    .insertInto("presentation_requests")
    .values({
      response_key_hash: values.responseKeyHash,
      view_key_hash: values.viewKeyHash,
      request_sealed: values.requestSealed,
      query_json: values.query,
      expires_at: values.expiresAt,
    })
    .execute();
}

const PRESENTATION_COLUMNS = [
  "id",
  "request_sealed",
  "query_json",
  "expires_at",
  "answered_at",
  "result_json",
] as const;

export function findPresentationByResponseKey(db: DB, responseKeyHash: string) {
  return db
    .selectFrom("presentation_requests")
    .select(PRESENTATION_COLUMNS)
    .where("response_key_hash", "=", responseKeyHash)
    .executeTakeFirst();
}

export function findPresentationByViewKey(db: DB, viewKeyHash: string) {
  return db
    .selectFrom("presentation_requests")
    .select(PRESENTATION_COLUMNS)
    .where("view_key_hash", "=", viewKeyHash)
    .executeTakeFirst();
}

/**
 * Records a wallet's answer: a checked one (`answeredAt`) once, true only for the first; a refused one (null) only as
 * the last refusal the reviewer's page shows, while the request stays open.
 */
export async function answerPresentation(db: DB, id: number, answeredAt: string | null, result: string) {
  const updated = await db
    .updateTable("presentation_requests")
    .set({ answered_at: answeredAt, result_json: result })
    .where("id", "=", id)
    .where("answered_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The logo an organisation uploaded for its documents: the one of its most recently edited template that has one. */
export function organisationLogoFile(db: DB, clientId: number) {
  return db
    .selectFrom("document_templates as t")
    .innerJoin("document_categories as c", "c.id", "t.category_id")
    .innerJoin("files as f", "f.id", "t.logo_file_id")
    .select(["f.storage_key", "f.sha256", "f.mime_type"])
    .where("c.client_id", "=", clientId)
    .orderBy("t.updated_at", "desc")
    .executeTakeFirst();
}

/**
 * Forgets what wallets left behind: nonces past their life, and offers and requests to wallets that ended before
 * `before` (their answers name people's claims). Answers how many rows went.
 */
export async function deleteEndedWalletRows(db: DB, now: string, before: string) {
  const nonces = await db.deleteFrom("wallet_nonces").where("expires_at", "<", now).executeTakeFirst();
  const offers = await db.deleteFrom("wallet_offers").where("expires_at", "<", before).executeTakeFirst();
  const requests = await db.deleteFrom("presentation_requests").where("expires_at", "<", before).executeTakeFirst();
  return Number(nonces.numDeletedRows) + Number(offers.numDeletedRows) + Number(requests.numDeletedRows);
}
