import type { DB } from "~/platform/db/db.server";
import { loadedOnce } from "~/platform/loaded-once";
import { seal, unseal } from "~/modules/signing/key-box.server";
import { env } from "~/platform/env.server";
import crypto from "node:crypto";
import {
  findCredentialFacts,
  findCredentialKey,
  highestIssuedId,
  highestStatusPosition,
  insertCredentialKey,
  listDeploymentKeys,
  organisationExists,
  organisationIds,
  revokedBetween,
  statusPositionTaken,
} from "./queries.server";

/**
 * Verifiable credentials (W3C VC 2.0, docs/architecture.md §20, docs/decisions/0016 and 0023): every issued document
 * has one, issued by its organisation's own did:web and secured with a Data Integrity proof (eddsa-rdfc-2022) by that
 * DID's key, so that no organisation's key can sign for another; its revocation is a bit, at a random place, in a
 * Bitstring Status List the deployment's own key signs. Both are made when asked for and come out the same each time
 * (the proofs are dated and Ed25519 is deterministic), so nothing but the keys is stored.
 */
export const CREDENTIALS_V2 = "https://www.w3.org/ns/credentials/v2";
/** Terms of our own (documentSha256, verificationCode...) under the issuer-dependent vocabulary VC 2.0 defines. */
export const UNDEFINED_TERMS = "https://www.w3.org/ns/credentials/undefined-terms/v2";
/** Entries per status list: the specification's minimum, so that no list tells how few documents it covers. */
export const STATUS_LIST_LENGTH = 131_072;

/** did:web of the deployment's public address (a port is encoded, as the method asks). */
export const didOf = (publicUrl = env.publicUrl) => `did:web:${encodeURIComponent(new URL(publicUrl).host)}`;
/** An organisation's own DID: did:web resolves it at /organisations/<id>/did.json. */
export const organisationDidOf = (clientId: number, publicUrl = env.publicUrl) =>
  `${didOf(publicUrl)}:organisations:${clientId}`;
/** The one verification method of an organisation's own DID. */
export const organisationMethodOf = (clientId: number, publicUrl = env.publicUrl) =>
  `${organisationDidOf(clientId, publicUrl)}#key-1`;
/**
 * A verification method of the deployment's DID: the status lists' key (null), or an organisation's earlier key,
 * which signed its credentials before each organisation had its own DID (they keep verifying with it).
 */
export const methodOf = (clientId: number | null, did = didOf()) =>
  `${did}#${clientId === null ? "status-lists" : `organisation-${clientId}`}`;
/**
 * A status list's address: an organisation's own (its issuer is the organisation, as the credentials it covers), or
 * (null) the deployment's, which the credentials signed before each organisation had its own DID point to.
 */
export const statusListUrl = (list: number, clientId: number | null, base = env.publicUrl) =>
  clientId === null ? `${base}/credentials/status/${list}` : `${base}/organisations/${clientId}/status/${list}`;

/**
 * The Data Integrity, JSON-LD and status list libraries, loaded when a key, a credential or a status list is first
 * made rather than when a process starts: 0.16 s of CPU that every server process paid at every start.
 */
const libraries = loadedOnce(async () => {
  const [dataIntegrity, eddsa, Ed25519Multikey, credentialsContext, statusList, vc] = await Promise.all([
    import("@digitalbazaar/data-integrity"),
    import("@digitalbazaar/eddsa-rdfc-2022-cryptosuite"),
    import("@digitalbazaar/ed25519-multikey"),
    import("@digitalbazaar/credentials-context"),
    import("@digitalbazaar/vc-bitstring-status-list"),
    import("@digitalbazaar/vc"),
  ]);
  return {
    DataIntegrityProof: dataIntegrity.DataIntegrityProof,
    cryptosuite: eddsa.cryptosuite,
    Ed25519Multikey,
    credentialContexts: credentialsContext.contexts,
    createCredential: statusList.createCredential,
    createList: statusList.createList,
    vc,
  };
});

type KeyPair = Awaited<ReturnType<(typeof import("@digitalbazaar/ed25519-multikey"))["from"]>>;

// Keys never change once made: loaded once per process, database and address (tests open many).
const keyCaches = new WeakMap<DB, Map<string, Promise<KeyPair>>>();

async function loadKey(db: DB, clientId: number | null, own: boolean, id: string, controller: string) {
  const { Ed25519Multikey } = await libraries();
  let stored = await findCredentialKey(db, clientId, own);
  if (!stored) {
    const made = await (
      await Ed25519Multikey.generate({ id, controller })
    ).export({ publicKey: true, secretKey: true });
    await insertCredentialKey(db, {
      clientId,
      own,
      publicKeyMultibase: made.publicKeyMultibase,
      secretKeySealed: seal(made.secretKeyMultibase!),
    });
    stored = (await findCredentialKey(db, clientId, own))!;
  }
  return Ed25519Multikey.from({
    type: "Multikey",
    id,
    controller,
    publicKeyMultibase: stored.public_key_multibase,
    secretKeyMultibase: unseal(stored.secret_key_sealed),
  });
}

/** An organisation's own key (its DID's), or (null) the deployment's status lists' key. */
function keyOf(db: DB, clientId: number | null) {
  const did = clientId === null ? didOf() : organisationDidOf(clientId);
  const id = clientId === null ? methodOf(null, did) : organisationMethodOf(clientId);
  let cache = keyCaches.get(db);
  if (!cache) keyCaches.set(db, (cache = new Map()));
  let key = cache.get(id);
  if (!key) {
    key = loadKey(db, clientId, clientId !== null, id, did);
    cache.set(id, key);
    key.catch(() => cache.delete(id));
  }
  return key;
}

/**
 * An organisation's own key for JOSE (SD-JWT VC and status list tokens, docs/decisions/0027): the same Ed25519 key as
 * its DID's, as a public JWK named by its DID's verification method, and the private key to sign with (EdDSA).
 */
export async function organisationJoseKey(db: DB, clientId: number) {
  const key = await keyOf(db, clientId);
  const { Ed25519Multikey } = await libraries();
  const { kty, crv, x, d } = await Ed25519Multikey.toJwk({ keyPair: key, secretKey: true });
  // The library's secret key is the seed and the public key (64 bytes); a JWK's `d` is the seed alone.
  const seed = Buffer.from(d, "base64url").subarray(0, 32).toString("base64url");
  return {
    kid: organisationMethodOf(clientId),
    publicJwk: { kty, crv, x },
    privateKey: crypto.createPrivateKey({ key: { kty, crv, x, d: seed }, format: "jwk" }),
  };
}

/** The contexts a proof is made over: VC 2.0's, from the library's own copy (nothing is fetched). */
async function contextLoader(url: string) {
  const { credentialContexts } = await libraries();
  const document = credentialContexts.get(url);
  if (!document) throw new Error(`Unknown context ${url}`);
  return { documentUrl: url, document };
}

/** A credential signed by an organisation's own key, or (null) the deployment's, dated `date`. */
export async function signCredential(db: DB, credential: object, clientId: number | null, date: string) {
  const key = await keyOf(db, clientId);
  const { vc, DataIntegrityProof, cryptosuite } = await libraries();
  return vc.issue({
    credential,
    suite: new DataIntegrityProof({ signer: key.signer(), cryptosuite, date }),
    documentLoader: contextLoader,
  });
}

/** A value in both languages, as JSON-LD language-tagged strings (the Arabic one right to left). */
const bilingual = (en: string, ar: string) => [
  { "@value": en, "@language": "en" },
  { "@value": ar, "@language": "ar", "@direction": "rtl" },
];
const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(" ");
const instant = (value: string) => new Date(Date.parse(value)).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Where a revocation bit is: its position, counted across lists of STATUS_LIST_LENGTH. */
export const statusPositionOf = (position: number) => ({
  list: Math.floor(position / STATUS_LIST_LENGTH) + 1,
  index: position % STATUS_LIST_LENGTH,
});

/**
 * A free place for a new document's revocation bit, drawn at random (docs/decisions/0023): it says nothing of the
 * document's id or of when it was issued. The lists offer at least twice as many places as there are documents, so
 * a draw is free more often than not; the unique index settles two servers drawing the same place at once.
 */
export async function drawStatusPosition(db: DB) {
  const lists = Math.max(
    1,
    Math.ceil((((await highestIssuedId(db)) + 1) * 2) / STATUS_LIST_LENGTH),
    statusPositionOf(await highestStatusPosition(db)).list,
  );
  for (let attempt = 0; attempt < 64; attempt++) {
    const position = crypto.randomInt(0, lists * STATUS_LIST_LENGTH);
    if (!(await statusPositionTaken(db, position))) return position;
  }
  throw new Error("no free status list position in 64 draws");
}

/** The verifiable credential of an issued document (undefined when there is none). */
export async function credentialOf(db: DB, issuedDocumentId: number) {
  const facts = await findCredentialFacts(db, issuedDocumentId);
  if (!facts) return undefined;
  const base = env.publicUrl;
  const { list, index } = statusPositionOf(facts.status_position ?? facts.id);
  const code = facts.verification_code;
  const credential = {
    "@context": [CREDENTIALS_V2, UNDEFINED_TERMS],
    id: `${base}/verify/${code}`,
    type: ["VerifiableCredential", facts.kind === "REQUEST" ? "IssuedDocumentCredential" : "AttestedCopyCredential"],
    name: bilingual(facts.document_name_en, facts.document_name_ar),
    issuer: { id: organisationDidOf(facts.client_id, base), name: bilingual(facts.issuer_en, facts.issuer_ar) },
    validFrom: instant(facts.created_at),
    validUntil: instant(facts.expiry_date),
    credentialSubject: {
      name: bilingual(
        joined(facts.first_name_en, facts.father_name_en, facts.last_name_en),
        joined(facts.first_name_ar, facts.father_name_ar, facts.last_name_ar),
      ),
      documentKind: facts.kind === "REQUEST" ? "IssuedDocument" : "AttestedCopy",
      documentName: bilingual(facts.document_name_en, facts.document_name_ar),
      verificationCode: code,
      documentSha256: facts.document_hash,
    },
    relatedResource: [
      {
        id: `${base}/verify/${code}/document`,
        mediaType: "application/pdf",
        digestSRI: `sha256-${Buffer.from(facts.document_hash, "hex").toString("base64")}`,
      },
    ],
    credentialStatus: {
      id: `${statusListUrl(list, facts.client_id, base)}#${index}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(index),
      statusListCredential: statusListUrl(list, facts.client_id, base),
    },
  };
  return { facts, credential: await signCredential(db, credential, facts.client_id, instant(facts.created_at)) };
}

/** How many status lists there are: enough for every position in use (one at least). */
export const statusListCount = async (db: DB) => statusPositionOf(await highestStatusPosition(db)).list;

/**
 * A Bitstring Status List credential, an organisation's (its documents only, signed with its own key, as the
 * verifier requires the list's issuer to be the credential's) or (null) the deployment's (every document, for the
 * credentials signed before): bit i set when the document at position (list - 1) * length + i is revoked. Dated by
 * its key, not by the latest revocation, so its dates tell nobody when a document was revoked (docs/decisions/0023);
 * its content, and so its proof, still changes exactly when a revocation changes it. Undefined: no such organisation.
 */
export async function statusListCredential(db: DB, list: number, clientId: number | null = null) {
  if (clientId !== null && !(await organisationExists(db, clientId))) return undefined;
  const from = (list - 1) * STATUS_LIST_LENGTH;
  const revoked = await revokedBetween(db, from, from + STATUS_LIST_LENGTH, clientId);
  const { createList, createCredential } = await libraries();
  const bits = await createList({ length: STATUS_LIST_LENGTH });
  for (const row of revoked) bits.setStatus(row.status_position! - from, true);
  await keyOf(db, clientId);
  const validFrom = instant((await findCredentialKey(db, clientId, clientId !== null))!.created_at);
  const credential = {
    ...(await createCredential({ id: statusListUrl(list, clientId), list: bits, statusPurpose: "revocation" })),
    issuer: clientId === null ? didOf() : organisationDidOf(clientId),
    validFrom,
  };
  return signCredential(db, credential, clientId, validFrom);
}

const DID_CONTEXTS = ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"];

/**
 * The deployment's DID document: the status lists' key, and the organisations' earlier keys, kept so that the
 * credentials they signed keep verifying (docs/decisions/0023). A new organisation has no key here.
 */
export async function didDocument(db: DB) {
  await keyOf(db, null);
  const did = didOf();
  const methods = (await listDeploymentKeys(db)).map((key) => ({
    id: methodOf(key.client_id, did),
    type: "Multikey",
    controller: did,
    publicKeyMultibase: key.public_key_multibase,
  }));
  return { "@context": DID_CONTEXTS, id: did, verificationMethod: methods, assertionMethod: methods.map((m) => m.id) };
}

/** An organisation's own DID document: its one key (made here if it has none yet); undefined for no organisation. */
export async function organisationDidDocument(db: DB, clientId: number) {
  if (!(await organisationExists(db, clientId))) return undefined;
  const key = await keyOf(db, clientId);
  const did = organisationDidOf(clientId);
  const method = {
    id: organisationMethodOf(clientId),
    type: "Multikey",
    controller: did,
    publicKeyMultibase: key.publicKeyMultibase,
  };
  return { "@context": DID_CONTEXTS, id: did, verificationMethod: [method], assertionMethod: [method.id] };
}

/** Every organisation's DID document, for a verifier that keeps them to check credentials offline. */
export async function issuerDidDocuments(db: DB) {
  const documents = [];
  for (const { id } of await organisationIds(db)) documents.push((await organisationDidDocument(db, id))!);
  return documents;
}
