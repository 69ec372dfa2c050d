import { ISSUED_DOCUMENT_FACTS } from "~/platform/db/columns";
import { issuedDocumentsWithParties } from "~/platform/db/request-joins";
import type { DB } from "~/platform/db/db.server";

/**
 * A credential key: an organisation's own DID's (`own`), its earlier one in the deployment's DID, or (null) the
 * deployment's own, which signs the status lists.
 */
export function findCredentialKey(db: DB, clientId: number | null, own = false) {
  const query = db
    .selectFrom("credential_keys")
    .select(["client_id", "public_key_multibase", "secret_key_sealed", "created_at"])
    .where("own_did", "=", own ? 1 : 0);
  return (
    clientId === null ? query.where("client_id", "is", null) : query.where("client_id", "=", clientId)
  ).executeTakeFirst();
}

/** Stores a new key unless another server stored its own first (then the first one stands). */
export async function insertCredentialKey(
  db: DB,
  values: { clientId: number | null; own: boolean; publicKeyMultibase: string; secretKeySealed: string },
) {
  await db
    .insertInto("credential_keys")
    .values({
      client_id: values.clientId,
      own_did: values.own ? 1 : 0,
      public_key_multibase: values.publicKeyMultibase,
      secret_key_sealed: values.secretKeySealed,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The public halves of the deployment's DID: its status lists' key and the organisations' earlier keys. */
export function listDeploymentKeys(db: DB) {
  return db
    .selectFrom("credential_keys")
    .select(["client_id", "public_key_multibase"])
    .where("own_did", "=", 0)
    .orderBy("id")
    .execute();
}

/** Whether an organisation exists (its DID resolves only then). */
export async function organisationExists(db: DB, clientId: number) {
  return Boolean(await db.selectFrom("clients").select("id").where("id", "=", clientId).executeTakeFirst());
}

/** Every organisation's id, for the offline verifier's copy of their DID documents. */
export function organisationIds(db: DB) {
  return db.selectFrom("clients").select("id").orderBy("id").execute();
}

/** What an issued document's credential says: the document, its issuer, its holder. */
export function findCredentialFacts(db: DB, issuedDocumentId: number) {
  return issuedDocumentsWithParties(db)
    .select([...ISSUED_DOCUMENT_FACTS, "d.client_id", "d.status_position"])
    .where("d.id", "=", issuedDocumentId)
    .executeTakeFirst();
}

/** The status positions in [from, to) of revoked documents, an organisation's or (null) everyone's. */
export function revokedBetween(db: DB, from: number, to: number, clientId: number | null) {
  let query = db
    .selectFrom("issued_documents")
    .select(["status_position"])
    .where("status", "=", "REVOKED")
    .where("status_position", ">=", from)
    .where("status_position", "<", to);
  if (clientId !== null) query = query.where("client_id", "=", clientId);
  return query.execute();
}

/** Whether a document already holds this status position. */
export async function statusPositionTaken(db: DB, position: number) {
  const row = await db
    .selectFrom("issued_documents")
    .select("id")
    .where("status_position", "=", position)
    .executeTakeFirst();
  return row !== undefined;
}

/** The highest status position in use (0 when none): the lists go as far as it. */
export async function highestStatusPosition(db: DB) {
  const row = await db
    .selectFrom("issued_documents")
    .select((eb) => eb.fn.max("status_position").as("highest"))
    .executeTakeFirst();
  return Number(row?.highest ?? 0);
}

/** The highest id of an issued document (0 when none): the status lists go as far as it. */
export async function highestIssuedId(db: DB) {
  const row = await db
    .selectFrom("issued_documents")
    .select((eb) => eb.fn.max("id").as("highest"))
    .executeTakeFirst();
  return Number(row?.highest ?? 0);
}
