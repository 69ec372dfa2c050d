import crypto from "node:crypto";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { digest, generateSalt } from "@sd-jwt/crypto-nodejs";
import { StatusList, createHeaderAndPayload } from "@sd-jwt/jwt-status-list";
import { SignJWT } from "jose";
import type { DB } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { STATUS_LIST_LENGTH, organisationJoseKey, statusPositionOf } from "~/modules/credentials/service.server";
import { organisationExists, revokedBetween } from "~/modules/credentials/queries.server";
import { findWalletFacts, requestFieldsOf } from "./queries.server";

/**
 * The SD-JWT VC of an issued document (docs/decisions/0027): signed by its organisation's own key (the key of its
 * DID, published as a JWK at /.well-known/jwt-vc-issuer/organisations/<id>), bound to the holder's key, its
 * revocation a bit of the organisation's Token Status List at the same place as in its Bitstring Status List. Every
 * claim but the issuer, the dates and the status is disclosed only if the holder chooses.
 */
export const SD_JWT_FORMAT = "dc+sd-jwt";
export type DocumentKind = "REQUEST" | "ATTESTATION";
export const VCT_NAMES = { REQUEST: "issued-document", ATTESTATION: "attested-copy" } as const;
/** The claims a holder may disclose, in the order the pages list them. */
export const DISCLOSABLE_CLAIMS = [
  "holder_name",
  "national_id",
  "document_name",
  "document_sha256",
  "verification_code",
  "fields",
] as const;
export type DisclosableClaim = (typeof DISCLOSABLE_CLAIMS)[number];

export const vctOf = (kind: DocumentKind, base = env.publicUrl) => `${base}/credentials/types/${VCT_NAMES[kind]}`;
/** The organisation as an SD-JWT VC issuer: an HTTPS URL whose well-known metadata names its key. */
export const sdJwtIssuerOf = (clientId: number, base = env.publicUrl) => `${base}/organisations/${clientId}`;
export const tokenStatusListUrl = (list: number, clientId: number, base = env.publicUrl) =>
  `${base}/organisations/${clientId}/token-status/${list}`;

const seconds = (value: string) => Math.floor(Date.parse(value) / 1000);
const bilingual = (en: string, ar: string) => ({ ar, en });
const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(" ");

/** An SD-JWT VC instance that signs with an organisation's key (the library's own hashing and salts). */
async function issuerInstance(db: DB, clientId: number) {
  const key = await organisationJoseKey(db, clientId);
  const instance = new SDJwtVcInstance({
    signer: (input: string) => crypto.sign(null, Buffer.from(input, "utf8"), key.privateKey).toString("base64url"),
    signAlg: "EdDSA",
    hasher: digest,
    hashAlg: "sha-256",
    saltGenerator: generateSalt,
  });
  return { instance, key };
}

/** The SD-JWT VC of an issued document for a holder's public key (undefined: no such document). */
export async function sdJwtCredentialOf(db: DB, issuedDocumentId: number, holderJwk: Record<string, unknown>) {
  const facts = await findWalletFacts(db, issuedDocumentId);
  if (!facts) return undefined;
  const fields =
    facts.request_id === null
      ? {}
      : Object.fromEntries(
          (await requestFieldsOf(db, facts.request_id)).map((field) => [field.field_name, field.field_value]),
        );
  const { list, index } = statusPositionOf(facts.status_position ?? facts.id);
  const { instance, key } = await issuerInstance(db, facts.client_id);
  const claims = {
    iss: sdJwtIssuerOf(facts.client_id),
    iat: seconds(facts.created_at),
    nbf: seconds(facts.created_at),
    exp: seconds(`${facts.expiry_date.slice(0, 10)}T23:59:59Z`),
    vct: vctOf(facts.kind),
    cnf: { jwk: holderJwk },
    status: { status_list: { idx: index, uri: tokenStatusListUrl(list, facts.client_id) } },
    issuer_name: bilingual(facts.issuer_en, facts.issuer_ar),
    holder_name: bilingual(
      joined(facts.first_name_en, facts.father_name_en, facts.last_name_en),
      joined(facts.first_name_ar, facts.father_name_ar, facts.last_name_ar),
    ),
    ...(facts.nin ? { national_id: facts.nin } : {}),
    document_name: bilingual(facts.document_name_en, facts.document_name_ar),
    document_sha256: facts.document_hash,
    verification_code: facts.verification_code,
    fields,
  };
  const disclosable = DISCLOSABLE_CLAIMS.filter((claim) => claim in claims);
  const credential = await instance.issue(claims, { _sd: disclosable, fields: { _sd: Object.keys(fields) } } as never, {
    header: { kid: key.kid },
  });
  return { facts, credential };
}

/**
 * An organisation's Token Status List (IETF OAuth Status List) number `list`: one bit per place, set when the
 * document there is revoked; signed with the organisation's key, like the credentials it covers. Undefined: no such
 * organisation.
 */
export async function tokenStatusListOf(db: DB, list: number, clientId: number) {
  if (!(await organisationExists(db, clientId))) return undefined;
  const from = (list - 1) * STATUS_LIST_LENGTH;
  const bits = new StatusList(new Array<number>(STATUS_LIST_LENGTH).fill(0), 1);
  for (const row of await revokedBetween(db, from, from + STATUS_LIST_LENGTH, clientId))
    bits.setStatus(row.status_position! - from, 1);
  const key = await organisationJoseKey(db, clientId);
  const uri = tokenStatusListUrl(list, clientId);
  const { header, payload } = createHeaderAndPayload(
    bits,
    { iss: sdJwtIssuerOf(clientId), sub: uri, iat: Math.floor(Date.now() / 1000), ttl: 60 },
    { alg: "EdDSA", typ: "statuslist+jwt", kid: key.kid },
  );
  return new SignJWT(payload).setProtectedHeader(header as never).sign(key.privateKey);
}
