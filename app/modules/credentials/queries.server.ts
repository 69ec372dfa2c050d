import { HOLDER_NAMES } from "~/db/columns";
import type { DB } from "~/db/db.server";

/** The credential key of an organisation, or (null) the deployment's own, which signs the status lists. */
export function findCredentialKey(db: DB, clientId: number | null) {
  const query = db
    .selectFrom("credential_keys")
    .select(["client_id", "public_key_multibase", "secret_key_sealed", "created_at"]);
  return (
    clientId === null ? query.where("client_id", "is", null) : query.where("client_id", "=", clientId)
  ).executeTakeFirst();
}

/** Stores a new key unless another server stored its own first (then the first one stands). */
export async function insertCredentialKey(
  db: DB,
  values: { clientId: number | null; publicKeyMultibase: string; secretKeySealed: string },
) {
  await db
    .insertInto("credential_keys")
    .values({
      client_id: values.clientId,
      public_key_multibase: values.publicKeyMultibase,
      secret_key_sealed: values.secretKeySealed,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Every key's public half, for the DID document. */
export function listPublicKeys(db: DB) {
  return db.selectFrom("credential_keys").select(["client_id", "public_key_multibase"]).orderBy("id").execute();
}

/** What an issued document's credential says: the document, its issuer, its holder. */
export function findCredentialFacts(db: DB, issuedDocumentId: number) {
  return db
    .selectFrom("issued_documents as d")
    .innerJoin("clients as c", "c.id", "d.client_id")
    .innerJoin("users as b", "b.id", "d.beneficiary_id")
    .select([
      "d.id",
      "d.kind",
      "d.client_id",
      "d.beneficiary_id",
      "d.verification_code",
      "d.document_name_en",
      "d.document_name_ar",
      "d.document_hash",
      "d.expiry_date",
      "d.created_at",
      "d.status",
      "d.secure_plus_enabled",
      "c.name_en as issuer_en",
      "c.name_ar as issuer_ar",
      ...HOLDER_NAMES,
    ])
    .where("d.id", "=", issuedDocumentId)
    .executeTakeFirst();
}

/** The revoked documents whose ids fall in [from, to): their ids, and when the latest was revoked. */
export function revokedBetween(db: DB, from: number, to: number) {
  return db
    .selectFrom("issued_documents")
    .select(["id", "revoked_at"])
    .where("status", "=", "REVOKED")
    .where("id", ">=", from)
    .where("id", "<", to)
    .execute();
}

/** The organisations without a credential key yet. */
export function clientsWithoutKey(db: DB) {
  return db
    .selectFrom("clients")
    .leftJoin("credential_keys as k", "k.client_id", "clients.id")
    .select(["clients.id"])
    .where("k.id", "is", null)
    .execute();
}

/** The highest id of an issued document (0 when none): the status lists go as far as it. */
export async function highestIssuedId(db: DB) {
  const row = await db
    .selectFrom("issued_documents")
    .select((eb) => eb.fn.max("id").as("highest"))
    .executeTakeFirst();
  return Number(row?.highest ?? 0);
}
