import crypto from "node:crypto";
import * as x509 from "@peculiar/x509";
import forge from "node-forge";
import { done, refused, type Outcome } from "~/platform/outcome";
import type { Credentials } from "./certificates.server";

/** Why an uploaded PKCS#12 is refused: locale keys (signing.*), shown under the file field. */
export type Pkcs12Refusal =
  | "signing.p12Unreadable"
  | "signing.p12NoKey"
  | "signing.p12KeyMismatch"
  | "signing.p12KeyType"
  | "signing.p12NotYetValid"
  | "signing.p12Expired"
  | "signing.p12KeyUsage"
  | "signing.p12OtherOrganisation";

const SIGNING_USAGES = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation;
const derBytes = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
const publicDer = (key: crypto.KeyObject) =>
  crypto.createPublicKey(key).export({ type: "spki", format: "der" }).toString("base64");

/** The private key and certificates in a PKCS#12 (forge decrypts; keys and certificates it cannot model stay ASN.1). */
function unpack(bytes: Uint8Array, password: string) {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(bytes).toString("binary")), password);
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const keys = keyBags.map((bag) =>
    bag.key
      ? crypto.createPrivateKey(forge.pki.privateKeyToPem(bag.key))
      : crypto.createPrivateKey({ key: derBytes(bag.asn1!), format: "der", type: "pkcs8" }),
  );
  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).map(
    (bag) => new x509.X509Certificate(derBytes(bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1!)),
  );
  return { keys, certificates };
}

/**
 * An organisation's own signing credentials from a provider's PKCS#12 (docs/architecture.md §20), checked as a PDF
 * reader would: a private key (RSA or EC), the certificate of that very key, valid now, allowed to sign (key usage,
 * not a CA). The other certificates of the file follow it, so readers can build the path to the provider's root.
 */
export function readPkcs12(
  bytes: Uint8Array,
  password: string,
  now = new Date(),
): Outcome<{ credentials: Credentials; subject: string; names: string[] }, Pkcs12Refusal> {
  let unpacked: ReturnType<typeof unpack>;
  try {
    unpacked = unpack(bytes, password);
  } catch {
    return refused("signing.p12Unreadable", "file");
  }
  const key = unpacked.keys[0];
  if (!key) return refused("signing.p12NoKey", "file");
  if (key.asymmetricKeyType !== "rsa" && key.asymmetricKeyType !== "ec") return refused("signing.p12KeyType", "file");
  const mine = publicDer(key);
  const leaf = unpacked.certificates.find(
    (certificate) => Buffer.from(certificate.publicKey.rawData).toString("base64") === mine,
  );
  if (!leaf) return refused("signing.p12KeyMismatch", "file");
  if (leaf.notBefore > now) return refused("signing.p12NotYetValid", "file");
  if (leaf.notAfter < now) return refused("signing.p12Expired", "file");
  const usages = leaf.getExtension(x509.KeyUsagesExtension);
  const constraints = leaf.getExtension(x509.BasicConstraintsExtension);
  if ((usages && (usages.usages & SIGNING_USAGES) === 0) || constraints?.ca)
    return refused("signing.p12KeyUsage", "file");
  const chain = [leaf, ...unpacked.certificates.filter((certificate) => certificate !== leaf)];
  return done({
    subject: leaf.subject,
    names: [...leaf.subjectName.getField("CN"), ...leaf.subjectName.getField("O")],
    credentials: {
      certificatePem: chain.map((certificate) => certificate.toString("pem")).join("\n"),
      privateKeyPem: key.export({ type: "pkcs8", format: "pem" }) as string,
    },
  });
}

/** A name as compared: compatibility forms folded, Arabic marks and tatweel dropped, case and spaces ignored. */
const comparable = (name: string) =>
  name
    .normalize("NFKC")
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/**
 * Whether a certificate's subject (its CN and O values) names the organisation, in either language: a certificate
 * a provider made for another organisation signs nobody's documents here (docs/architecture.md §20).
 */
export function namesOrganisation(names: readonly string[], organisation: { en: string; ar: string }) {
  const wanted = [organisation.en, organisation.ar].map(comparable).filter(Boolean);
  return names.map(comparable).some((name) => wanted.some((one) => name.includes(one)));
}
