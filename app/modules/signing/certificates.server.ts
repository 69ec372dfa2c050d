import "reflect-metadata";
import crypto from "node:crypto";
import * as x509 from "@peculiar/x509";

x509.cryptoProvider.set(crypto.webcrypto as Crypto);

/** RSA 2048 with SHA-256: what every PDF reader verifies (docs/architecture.md §20). */
const ALGORITHM = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;
const YEAR = 365 * 86_400_000;

/** A key pair and its certificate: the PEM of each, as they are stored (the private key encrypted). */
export interface Credentials {
  certificatePem: string;
  privateKeyPem: string;
}

const generate = () =>
  crypto.webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]) as Promise<CryptoKeyPair>;

async function privatePem(key: CryptoKey) {
  const pkcs8 = Buffer.from(await crypto.webcrypto.subtle.exportKey("pkcs8", key));
  return crypto
    .createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" })
    .export({ type: "pkcs8", format: "pem" }) as string;
}

const serial = () =>
  crypto
    .randomBytes(16)
    .toString("hex")
    .replace(/^[89a-f]/, "1");

/** The deployment's own certificate authority: made once, at first start; anyone may download its certificate. */
export async function createAuthority(name: string, now = new Date()): Promise<Credentials> {
  const keys = await generate();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: [{ CN: [name] }],
    notBefore: now,
    notAfter: new Date(now.getTime() + 20 * YEAR),
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificatePem: certificate.toString("pem"), privateKeyPem: await privatePem(keys.privateKey) };
}

const signingKeyOf = (authority: Credentials) =>
  crypto.webcrypto.subtle.importKey(
    "pkcs8",
    crypto.createPrivateKey(authority.privateKeyPem).export({ type: "pkcs8", format: "der" }),
    ALGORITHM,
    false,
    ["sign"],
  );

/**
 * An organisation's signing certificate, issued by the authority, naming it in English (CN) and Arabic (O), and where
 * the authority's CRL is published (`crlUrl`), so that a reader can fetch the revocation data a PDF's DSS also keeps.
 */
export async function createOrganisationCredentials(
  authority: Credentials,
  organisation: { en: string; ar: string },
  now = new Date(),
  crlUrl?: string,
): Promise<Credentials> {
  const keys = await generate();
  const issuer = new x509.X509Certificate(authority.certificatePem);
  const authorityKey = await signingKeyOf(authority);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: [{ CN: [organisation.en] }, { O: [organisation.ar] }],
    issuer: issuer.subject,
    notBefore: now,
    notAfter: new Date(now.getTime() + 5 * YEAR),
    publicKey: keys.publicKey,
    signingKey: authorityKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(issuer),
      ...(crlUrl ? [new x509.CRLDistributionPointsExtension([crlUrl])] : []),
    ],
  });
  return { certificatePem: certificate.toString("pem"), privateKeyPem: await privatePem(keys.privateKey) };
}

/** How long a CRL of the authority holds: a reader fetches a newer one after it (docs/decisions/0027). */
export const CRL_DAYS = 7;

/**
 * The authority's certificate revocation list (DER): it revokes nothing (an organisation's replaced certificate was
 * not compromised, and the documents it signed stay valid), and says so, signed, for CRL_DAYS.
 */
export async function createAuthorityCrl(authority: Credentials, now = new Date()) {
  const issuer = new x509.X509Certificate(authority.certificatePem);
  const crl = await x509.X509CrlGenerator.create({
    issuer: issuer.subject,
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + CRL_DAYS * 86_400_000),
    signingKey: await signingKeyOf(authority),
    signingAlgorithm: ALGORITHM,
    extensions: [await x509.AuthorityKeyIdentifierExtension.create(issuer)],
    entries: [],
  });
  return new Uint8Array(crl.rawData);
}

/** The certificates of a PEM text that holds one or a chain (an imported PKCS#12's), first the signer's. */
export const certificatesOf = (pem: string) =>
  (pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? []).map(
    (block) => new x509.X509Certificate(block),
  );

/**
 * The chain a signature carries: the organisation's stored certificates, and the deployment's authority after a
 * certificate it issued (an imported chain is the provider's own).
 */
export function signingChain(signer: Credentials, authority: Credentials) {
  const chain = certificatesOf(signer.certificatePem);
  const authorityCertificate = new x509.X509Certificate(authority.certificatePem);
  const issuedHere = chain.length === 1 && chain[0].issuer === authorityCertificate.subject;
  return (issuedHere ? [...chain, authorityCertificate] : chain).map(
    (certificate) => new Uint8Array(certificate.rawData),
  );
}
