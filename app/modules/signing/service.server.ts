import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { done, refused } from "~/platform/outcome";
import {
  certificatesOf,
  createAuthority,
  createAuthorityCrl,
  createOrganisationCredentials,
  signingChain,
  type Credentials,
} from "./certificates.server";
import { addDocumentTimestamp, addValidationData, certificatesInToken } from "./ltv.server";
import { seal, unseal } from "./key-box.server";
import { namesOrganisation, readPkcs12 } from "./pkcs12.server";
import { cleanText } from "~/utils/text";
import { findCredentials, insertCredentials, replaceCredentials } from "./queries.server";
import { embedSignature, type PreparedSignature } from "./sign-pdf.server";
import { timestampToken } from "~/platform/timestamp/timestamp.server";
import { env, timestampAuthorityUrl } from "~/platform/env.server";
import { errorField, logger } from "~/platform/log/logger.server";

/** The name of the deployment's certificate authority, in its certificate. */
export const AUTHORITY_NAME = "Documents and Attestations Certificate Authority";

// The authority never changes: unsealed once per process and database (tests open many).
const authorities = new WeakMap<DB, Promise<Credentials>>();

/** Reads the credentials, making and storing them the first time (under a race, the first stored win). */
async function credentialsOf(db: DB, clientId: number | null, make: () => Promise<Credentials>) {
  let stored = await findCredentials(db, clientId);
  if (!stored) {
    const made = await make();
    await insertCredentials(db, {
      clientId,
      certificatePem: made.certificatePem,
      privateKeySealed: seal(made.privateKeyPem),
    });
    stored = (await findCredentials(db, clientId))!;
  }
  return { certificatePem: stored.certificate_pem, privateKeyPem: unseal(stored.private_key_sealed) };
}

/** The deployment's certificate authority: made at first use (the server asks at start). */
export function authorityCredentials(db: DB) {
  let authority = authorities.get(db);
  if (!authority) {
    authority = credentialsOf(db, null, () => createAuthority(AUTHORITY_NAME));
    authorities.set(db, authority);
    authority.catch(() => authorities.delete(db));
  }
  return authority;
}

/** The authority's certificate (PEM), which anyone may download to check the organisations' signatures. */
export const authorityCertificate = async (db: DB) => (await authorityCredentials(db)).certificatePem;

/** Where the authority's CRL is published: a stable address, named in the certificates it issues. */
export const authorityCrlUrl = () => `${env.publicUrl}/certificate-authority.crl`;

/** An organisation's credentials: the ones its admin imported, else made by the authority at first use. */
async function organisationCredentials(db: DB, client: { id: number; en: string; ar: string }) {
  const authority = await authorityCredentials(db);
  return credentialsOf(db, client.id, () =>
    createOrganisationCredentials(authority, { en: client.en, ar: client.ar }, new Date(), authorityCrlUrl()),
  );
}

// The CRL is made again when a third of its life has passed: every PDF signed meanwhile carries the same one.
const crls = new WeakMap<DB, { madeAt: number; der: Promise<Uint8Array> }>();
const CRL_REFRESH_MS = 2 * 86_400_000;

/** The authority's current CRL (DER), as /certificate-authority.crl serves it and the PDFs' DSS keeps it. */
export async function authorityCrl(db: DB) {
  const cached = crls.get(db);
  if (cached && Date.now() - cached.madeAt < CRL_REFRESH_MS) return cached.der;
  const der = authorityCredentials(db).then((authority) => createAuthorityCrl(authority));
  crls.set(db, { madeAt: Date.now(), der });
  der.catch(() => crls.delete(db));
  return der;
}

/**
 * A timestamp from the configured authority; when it cannot answer, the document is still issued, signed at baseline B
 * (a signature without a timestamp is valid; a clerk's issuance waiting on a third party is not): docs/decisions/0015.
 */
const timestamped = (url: string) => async (signature: Uint8Array) => {
  try {
    return await timestampToken(url, signature);
  } catch (error) {
    logger.warn(
      { tsa: url, err: errorField(error) },
      "the time-stamping authority did not answer: the document is signed without a timestamp",
    );
    return undefined;
  }
};

/**
 * Signs a stamped PDF (its signature prepared by the stamp) as its organisation, with a certificate naming it. With a
 * time-stamping authority the signature is timestamped (B-T), then the file keeps what validates it later (the chain,
 * the authority's CRL, the TSA's certificate: B-LT) under a document timestamp (B-LTA), docs/decisions/0027. When the
 * TSA does not answer, the document is still issued, at the level reached.
 */
export async function signAs(
  db: DB,
  client: { id: number; en: string; ar: string },
  stamped: { bytes: Uint8Array; signing?: PreparedSignature },
) {
  if (!stamped.signing) throw new Error("The stamp left no room for the signature");
  const authority = await authorityCredentials(db);
  const organisation = await organisationCredentials(db, client);
  const tsa = timestampAuthorityUrl();
  if (!tsa) return embedSignature(stamped.bytes, stamped.signing, organisation, authority);
  let token: ArrayBuffer | undefined;
  const signed = await embedSignature(stamped.bytes, stamped.signing, organisation, authority, async (signature) => {
    token = await timestamped(tsa)(signature);
    return token;
  });
  if (!token) return signed;
  const longTerm = await addValidationData(signed, {
    certificates: [...signingChain(organisation, authority), ...certificatesInToken(token)],
    crls: [await authorityCrl(db)],
  });
  try {
    return await addDocumentTimestamp(longTerm, (bytes) => timestampToken(tsa, bytes));
  } catch (error) {
    logger.warn(
      { tsa, err: errorField(error) },
      "the time-stamping authority did not answer the document timestamp: the document is kept at B-LT",
    );
    return longTerm;
  }
}

/** What the client admin sees of the organisation's signing certificate. */
export async function signingCertificateOf(db: DB, client: { id: number; en: string; ar: string }) {
  const [authority, organisation] = await Promise.all([authorityCredentials(db), organisationCredentials(db, client)]);
  const [leaf, ...rest] = certificatesOf(organisation.certificatePem);
  // Names from a provider's file: shown cleaned and held to a limit, as a form's text is.
  return {
    subject: cleanText(leaf.subject).slice(0, 500),
    issuer: cleanText(leaf.issuer).slice(0, 500),
    notBefore: leaf.notBefore.toISOString(),
    notAfter: leaf.notAfter.toISOString(),
    fingerprint: Buffer.from(await leaf.getThumbprint("SHA-256", crypto.webcrypto as Crypto))
      .toString("hex")
      .toUpperCase()
      .replace(/(..)(?!$)/g, "$1:"),
    imported: leaf.issuer !== certificatesOf(authority.certificatePem)[0].subject,
    chainLength: rest.length + 1,
  };
}

/** Replaces the organisation's credentials with a provider's PKCS#12, once it passes the checks. */
export async function importSigningCertificate(
  db: DB,
  actor: AuditActor,
  organisation: { id: number; en: string; ar: string },
  upload: { bytes: Uint8Array; password: string },
) {
  const clientId = organisation.id;
  const read = await readPkcs12(upload.bytes, upload.password);
  if (!read.ok) return read;
  if (!namesOrganisation(read.names, organisation)) return refused("signing.p12OtherOrganisation", "file");
  await db.transaction().execute(async (trx) => {
    await replaceCredentials(trx, {
      clientId,
      certificatePem: read.credentials.certificatePem,
      privateKeySealed: seal(read.credentials.privateKeyPem),
    });
    await audit(trx, actor, {
      action: "client.signing_certificate_imported",
      entityType: "CLIENTS",
      entityId: clientId,
      clientId,
      details: { subject: read.subject },
    });
  });
  return done();
}
