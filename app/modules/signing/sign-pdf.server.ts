import crypto from "node:crypto";
import { cmsSignature, parseCertificate } from "~/platform/signing/cms.server";
import { signingChain, type Credentials } from "./certificates.server";

/** The space reserved for the signature in the PDF (bytes of DER, written as hex). */
export const SIGNATURE_LENGTH = 12_000;

/** What the stamp leaves for the signature: the digest of the bytes it covers, and where its hex goes. */
export interface PreparedSignature {
  digest: Uint8Array;
  /** Offset and length of the hex digits between `<` and `>`. */
  at: number;
  length: number;
}

/**
 * Signs a stamped PDF as an organisation (docs/architecture.md §20): the CMS of the prepared digest, written into the
 * space the stamp reserved, in place. The signature covers the whole file but its own hex. A timestamp token
 * (`timestamp`, baseline B-T) fits in the same space.
 */
export async function embedSignature(
  pdf: Uint8Array,
  prepared: PreparedSignature,
  signer: Credentials,
  authority: Credentials,
  timestamp?: (signature: Uint8Array) => Promise<ArrayBuffer | undefined>,
): Promise<Uint8Array> {
  const key = crypto.createPrivateKey(signer.privateKeyPem);
  const chain = signingChain(signer, authority).map(parseCertificate);
  const hex = (await cmsSignature(prepared.digest, key, chain, timestamp)).toString("hex");
  if (hex.length > prepared.length)
    throw new Error(`Signature exceeds its placeholder: ${hex.length} > ${prepared.length}`);
  Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).write(
    hex.padEnd(prepared.length, "0"),
    prepared.at,
    "latin1",
  );
  return pdf;
}
