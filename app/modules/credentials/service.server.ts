import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import { contexts as credentialContexts } from "@digitalbazaar/credentials-context";
import { createCredential, createList } from "@digitalbazaar/vc-bitstring-status-list";
import * as vc from "@digitalbazaar/vc";
import type { DB } from "~/db/db.server";
import { seal, unseal } from "~/modules/signing/key-box.server";
import { env } from "~/utils/env.server";
import {
  clientsWithoutKey,
  highestIssuedId,
  findCredentialFacts,
  findCredentialKey,
  insertCredentialKey,
  listPublicKeys,
  revokedBetween,
} from "./queries.server";

/**
 * Verifiable credentials (W3C VC 2.0, docs/architecture.md §20 and docs/decisions/0016): every issued document has
 * one, secured with a Data Integrity proof (eddsa-rdfc-2022) by its organisation's key, a verification method of the
 * deployment's did:web; its revocation is a bit in a Bitstring Status List the deployment's own key signs. Both are
 * made when asked for and come out the same each time (the proofs are dated and Ed25519 is deterministic), so
 * nothing but the keys is stored.
 */
export const CREDENTIALS_V2 = "https://www.w3.org/ns/credentials/v2";
/** Terms of our own (documentSha256, verificationCode...) under the issuer-dependent vocabulary VC 2.0 defines. */
export const UNDEFINED_TERMS = "https://www.w3.org/ns/credentials/undefined-terms/v2";
/** Entries per status list: the specification's minimum, so that no list tells how few documents it covers. */
export const STATUS_LIST_LENGTH = 131_072;

/** did:web of the deployment's public address (a port is encoded, as the method asks). */
export const didOf = (publicUrl = env.publicUrl) => `did:web:${encodeURIComponent(new URL(publicUrl).host)}`;
/** The verification method of an organisation's key, or (null) of the deployment's, which signs status lists. */
export const methodOf = (clientId: number | null, did = didOf()) =>
  `${did}#${clientId === null ? "status-lists" : `organisation-${clientId}`}`;
export const statusListUrl = (list: number) => `${env.publicUrl}/credentials/status/${list}`;

// Keys never change once made: loaded once per process, database and address (tests open many).
const keyCaches = new WeakMap<DB, Map<string, Promise<Awaited<ReturnType<typeof Ed25519Multikey.from>>>>>();

async function loadKey(db: DB, clientId: number | null, id: string, controller: string) {
  let stored = await findCredentialKey(db, clientId);
  if (!stored) {
    const made = await (
      await Ed25519Multikey.generate({ id, controller })
    ).export({ publicKey: true, secretKey: true });
    await insertCredentialKey(db, {
      clientId,
      publicKeyMultibase: made.publicKeyMultibase,
      secretKeySealed: seal(made.secretKeyMultibase!),
    });
    stored = (await findCredentialKey(db, clientId))!;
  }
  return Ed25519Multikey.from({
    type: "Multikey",
    id,
    controller,
    publicKeyMultibase: stored.public_key_multibase,
    secretKeyMultibase: unseal(stored.secret_key_sealed),
  });
}

function keyOf(db: DB, clientId: number | null) {
  const did = didOf();
  const id = methodOf(clientId, did);
  let cache = keyCaches.get(db);
  if (!cache) keyCaches.set(db, (cache = new Map()));
  let key = cache.get(id);
  if (!key) {
    key = loadKey(db, clientId, id, did);
    cache.set(id, key);
    key.catch(() => cache.delete(id));
  }
  return key;
}

/** The contexts a proof is made over: VC 2.0's, from the library's own copy (nothing is fetched). */
async function contextLoader(url: string) {
  const document = credentialContexts.get(url);
  if (!document) throw new Error(`Unknown context ${url}`);
  return { documentUrl: url, document };
}

async function secured(db: DB, credential: object, clientId: number | null, date: string) {
  const key = await keyOf(db, clientId);
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

/** Where an issued document's revocation bit is: its id, counted across lists of STATUS_LIST_LENGTH. */
export const statusPositionOf = (issuedDocumentId: number) => ({
  list: Math.floor(issuedDocumentId / STATUS_LIST_LENGTH) + 1,
  index: issuedDocumentId % STATUS_LIST_LENGTH,
});

/** The verifiable credential of an issued document (undefined when there is none). */
export async function credentialOf(db: DB, issuedDocumentId: number) {
  const facts = await findCredentialFacts(db, issuedDocumentId);
  if (!facts) return undefined;
  const base = env.publicUrl;
  const { list, index } = statusPositionOf(facts.id);
  const code = facts.verification_code;
  const credential = {
    "@context": [CREDENTIALS_V2, UNDEFINED_TERMS],
    id: `${base}/verify/${code}`,
    type: ["VerifiableCredential", facts.kind === "REQUEST" ? "IssuedDocumentCredential" : "AttestedCopyCredential"],
    name: bilingual(facts.document_name_en, facts.document_name_ar),
    issuer: { id: didOf(base), name: bilingual(facts.issuer_en, facts.issuer_ar) },
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
      id: `${statusListUrl(list)}#${index}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(index),
      statusListCredential: statusListUrl(list),
    },
  };
  return { facts, credential: await secured(db, credential, facts.client_id, instant(facts.created_at)) };
}

/** How many status lists there are: enough for every issued document (one at least). */
export const statusListCount = async (db: DB) => statusPositionOf(await highestIssuedId(db)).list;

/**
 * A Bitstring Status List credential: bit i set when the document with id (list - 1) * length + i is revoked. Dated
 * by the latest revocation it holds, so that it changes exactly when revocation changes it.
 */
export async function statusListCredential(db: DB, list: number) {
  const from = (list - 1) * STATUS_LIST_LENGTH;
  const revoked = await revokedBetween(db, from, from + STATUS_LIST_LENGTH);
  const bits = await createList({ length: STATUS_LIST_LENGTH });
  for (const row of revoked) bits.setStatus(row.id - from, true);
  const latest = revoked
    .map((row) => row.revoked_at ?? "")
    .sort()
    .at(-1);
  const validFrom = instant(latest || (await findCredentialKey(db, null))?.created_at || "2026-01-01T00:00:00Z");
  const credential = {
    ...(await createCredential({ id: statusListUrl(list), list: bits, statusPurpose: "revocation" })),
    issuer: didOf(),
    validFrom,
  };
  return secured(db, credential, null, validFrom);
}

/**
 * The deployment's DID document: one verification method per organisation (each made here if it has none yet, so
 * that a verifier who keeps this document, offline, knows every organisation's key).
 */
export async function didDocument(db: DB) {
  await keyOf(db, null);
  for (const client of await clientsWithoutKey(db)) await keyOf(db, client.id);
  const did = didOf();
  const methods = (await listPublicKeys(db)).map((key) => ({
    id: methodOf(key.client_id, did),
    type: "Multikey",
    controller: did,
    publicKeyMultibase: key.public_key_multibase,
  }));
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}
