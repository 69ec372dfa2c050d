import crypto from "node:crypto";
import * as x509 from "@peculiar/x509";
import { createRequire } from "node:module";
import { createBoundedWorker } from "~/platform/workers/bounded-worker.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { cleanText } from "~/utils/text";
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
const publicDer = (key: crypto.KeyObject) =>
  crypto.createPublicKey(key).export({ type: "spki", format: "der" }).toString("base64");

/**
 * What one key derivation of a PKCS#12 may cost: the file names its own iteration counts (the MAC's, each
 * encrypted bag's), and node-forge derives with them synchronously, before the password is checked. Providers'
 * tools use 2,048 (OpenSSL) to 100,000; above the cap the file is refused. The whole parse runs in a worker
 * thread with a time limit besides (README, Security limits).
 */
export const PKCS12_LIMITS = { maxIterations: 200_000, timeoutMs: 5_000, maxHeapMb: 96 };

// Runs in a worker thread with its own node-forge: every key derivation forge does for a PKCS#12 (the MAC's
// PKCS#12 KDF, the PKCS#12 PBE of a bag, PBKDF2 of PBES2) first checks the file's count against the cap.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const forge = require(workerData.forge);
const cap = workerData.maxIterations;
class TooCostly extends Error {}
const capped = (derive, countAt) => function (...args) {
  if (!(args[countAt] <= cap)) throw new TooCostly();
  return derive.apply(this, args);
};
forge.pkcs12.generateKey = capped(forge.pkcs12.generateKey, 3);
forge.pbe.generatePkcs12Key = capped(forge.pbe.generatePkcs12Key, 3);
forge.pkcs5.pbkdf2 = capped(forge.pkcs5.pbkdf2, 2);
const der = (asn1) => forge.asn1.toDer(asn1).getBytes();
parentPort.postMessage({ ready: true });
parentPort.on("message", ({ id, bytes, password }) => {
  const answer = (result) => parentPort.postMessage({ id, result });
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(bytes).toString("binary")), password);
    const bags = (type) => p12.getBags({ bagType: type })[type] || [];
    const { oids } = forge.pki;
    const keys = [...bags(oids.pkcs8ShroudedKeyBag), ...bags(oids.keyBag)].map((bag) =>
      bag.key ? { pem: forge.pki.privateKeyToPem(bag.key) } : { der: Buffer.from(der(bag.asn1), "binary").toString("base64") },
    );
    const certificates = bags(oids.certBag).map((bag) =>
      Buffer.from(der(bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1), "binary").toString("base64"),
    );
    answer({ read: true, keys, certificates });
  } catch (error) {
    answer({ read: false, costly: error instanceof TooCostly });
  }
});
`;

/** The worker's answer: the file read, or not (and whether for its cost). */
type Unpacked =
  | { read: true; keys: ({ pem: string } | { der: string })[]; certificates: string[] }
  | { read: false; costly: boolean };

const unpacker = createBoundedWorker<{ bytes: Uint8Array; password: string }, Unpacked>(
  WORKER_SOURCE,
  { forge: createRequire(import.meta.url).resolve("node-forge"), maxIterations: PKCS12_LIMITS.maxIterations },
  PKCS12_LIMITS,
);

/** The private keys and certificates in a PKCS#12, read off the main thread within PKCS12_LIMITS. */
async function unpack(bytes: Uint8Array, password: string) {
  const copy = new Uint8Array(bytes);
  const answer = await unpacker.run({ bytes: copy, password }, [copy.buffer as ArrayBuffer]);
  if (!answer.done || !answer.result.read) return null;
  return {
    keys: answer.result.keys.map((key) =>
      "pem" in key
        ? crypto.createPrivateKey(key.pem)
        : crypto.createPrivateKey({ key: Buffer.from(key.der, "base64"), format: "der", type: "pkcs8" }),
    ),
    certificates: answer.result.certificates.map((der) => new x509.X509Certificate(Buffer.from(der, "base64"))),
  };
}

/**
 * An organisation's own signing credentials from a provider's PKCS#12 (docs/architecture.md §20), checked as a PDF
 * reader would: a private key (RSA or EC), the certificate of that very key, valid now, allowed to sign (key usage,
 * not a CA). The other certificates of the file follow it, so readers can build the path to the provider's root.
 */
export async function readPkcs12(
  bytes: Uint8Array,
  password: string,
  now = new Date(),
): Promise<Outcome<{ credentials: Credentials; subject: string; names: string[] }, Pkcs12Refusal>> {
  let unpacked: Awaited<ReturnType<typeof unpack>>;
  try {
    unpacked = await unpack(bytes, password);
  } catch {
    unpacked = null;
  }
  if (!unpacked) return refused("signing.p12Unreadable", "file");
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
  // A certificate's subject is text from a file: cleaned and held to a limit like a form's field before it is
  // shown or audited.
  return done({
    subject: cleanText(leaf.subject).slice(0, 500),
    names: [...leaf.subjectName.getField("CN"), ...leaf.subjectName.getField("O")].map((name) =>
      cleanText(name).slice(0, 200),
    ),
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
