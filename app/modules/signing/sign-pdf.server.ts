import crypto from "node:crypto";
import signpdf from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { cmsSignature, parseCertificate } from "./cms.server";
import { derOf, type Credentials } from "./certificates.server";

/** The space reserved for the signature in the PDF (bytes of DER, written as hex). */
export const SIGNATURE_LENGTH = 12_000;

/** @signpdf's signer, making the CMS of a PAdES signature with an organisation's key and certificate chain. */
class CmsSigner extends Signer {
  constructor(
    private readonly key: crypto.KeyObject,
    private readonly chainDer: Uint8Array[],
  ) {
    super();
  }

  async sign(content: Buffer): Promise<Buffer> {
    return cmsSignature(content, this.key, this.chainDer.map(parseCertificate));
  }
}

/**
 * Signs a PDF whose signature placeholder is in place (the stamp adds it, docs/architecture.md §20): the signature covers
 * the whole file but the signature's own bytes.
 */
export async function signPdf(pdf: Uint8Array, signer: Credentials, authority: Credentials): Promise<Uint8Array> {
  const key = crypto.createPrivateKey(signer.privateKeyPem);
  const chain = [derOf(signer.certificatePem), derOf(authority.certificatePem)];
  return new Uint8Array(await signpdf.sign(Buffer.from(pdf), new CmsSigner(key, chain)));
}
