import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { createAuthority, createOrganisationCredentials } from "./certificates.server";
import { stampDocument } from "~/modules/issuing/stamp.server";
import { embedSignature } from "./sign-pdf.server";
import { timestampToken } from "~/platform/timestamp/timestamp.server";
import { ContentInfo, SignedData } from "@peculiar/asn1-cms";
import { AsnConvert } from "@peculiar/asn1-schema";
import { startOpenSslTsa } from "~/test/tsa";

/** A two-page PDF, stamped with room for its signature, as the issuing pipeline stamps it. */
async function stampedPdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText("Certificate of graduation", { x: 72, y: 760 });
  pdf.addPage([595, 842]).drawText("Page two", { x: 72, y: 760 });
  return stampDocument({
    bytes: await pdf.save(),
    mimeType: "application/pdf",
    code: "ABCDEFGHJKMNPQRS",
    verificationUrl: "http://127.0.0.1/verify/ABCDEFGHJKMNPQRS",
    kind: "REQUEST",
    issuer: { id: 1, en: "Demo University", ar: "الجامعة التجريبية" },
    issuedAt: new Date(),
    signature: { name: "Demo University", reason: "Issued document" },
  });
}

/** What a tool no one here wrote says of the file. */
function toolSays(tool: "pdfsig" | "qpdf", args: string[], bytes: Uint8Array) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signed-")), "document.pdf");
  fs.writeFileSync(file, bytes);
  // pdfsig -dump writes into the working directory.
  const result = spawnSync(tool, [...args, file], { encoding: "utf8", cwd: path.dirname(file) });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, file };
}

/** The PDF's signature as poppler dumps it (`pdfsig -dump`): its signer's value and unsigned attributes. */
function dumpedSigner(bytes: Uint8Array) {
  const { file } = toolSays("pdfsig", ["-dump"], bytes);
  const dumped = fs.readdirSync(path.dirname(file)).find((name) => name.endsWith(".sig0"))!;
  const der = fs.readFileSync(path.join(path.dirname(file), dumped));
  const signedData = AsnConvert.parse(AsnConvert.parse(der, ContentInfo).content, SignedData);
  return signedData.signerInfos[0];
}

describe("signed PDFs (PAdES baseline B)", () => {
  it("poppler's pdfsig finds the signature valid, over the whole file, by the organisation; one byte changed, invalid", async () => {
    const authority = await createAuthority("Documents & Attestations test CA");
    const university = await createOrganisationCredentials(authority, {
      en: "Demo University",
      ar: "الجامعة التجريبية",
    });
    const stamped = await stampedPdf();
    const signed = await embedSignature(stamped.bytes, stamped.signing!, university, authority);

    const report = toolSays("pdfsig", [], signed);
    expect(report.output).toContain("Signer Certificate Common Name: Demo University");
    expect(report.output).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report.output).toContain("Signature Validation: Signature is Valid.");
    expect(report.output).toContain("Total document signed");

    // One byte of the signed content changed (a letter of the document's producer): the digest no longer matches.
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf("/Producer <FEFF0044") + "/Producer <FEFF004".length;
    expect(at).toBeGreaterThan(100);
    tampered[at] = "5".charCodeAt(0); // "D" becomes "E"
    expect(toolSays("pdfsig", [], tampered).output).not.toContain("Signature is Valid.");

    expect(toolSays("qpdf", ["--check"], signed).status).toBe(0);
  });

  it("issues the organisation's certificate from the authority, naming it in both languages", async () => {
    const authority = await createAuthority("Documents & Attestations test CA");
    const university = await createOrganisationCredentials(authority, {
      en: "Demo University",
      ar: "الجامعة التجريبية",
    });
    const text = execFileSync(
      "openssl",
      ["x509", "-noout", "-subject", "-issuer", "-ext", "keyUsage", "-nameopt", "utf8"],
      {
        input: university.certificatePem,
        encoding: "utf8",
      },
    );
    expect(text).toContain("CN=Demo University");
    expect(text).toContain("O=الجامعة التجريبية");
    expect(text).toContain("CN=Documents & Attestations test CA");
    expect(text).toMatch(/Digital Signature, Non Repudiation/);
  });

  it("carries an RFC 3161 timestamp from OpenSSL's TSA, which `openssl ts -verify` accepts over the signature (B-T)", async () => {
    const tsa = await startOpenSslTsa();
    try {
      const authority = await createAuthority("Documents & Attestations test CA");
      const university = await createOrganisationCredentials(authority, { en: "Demo University", ar: "الجامعة" });
      const stamped = await stampedPdf();
      const signed = await embedSignature(stamped.bytes, stamped.signing!, university, authority, (signature) =>
        timestampToken(tsa.url, signature),
      );
      expect(tsa.answered()).toBe(1);
      expect(toolSays("pdfsig", [], signed).output).toContain("Signature Validation: Signature is Valid.");

      const signer = dumpedSigner(signed);
      const token = signer.unsignedAttrs?.find((attribute) => attribute.attrType === "1.2.840.113549.1.9.16.2.14");
      expect(token).toBeDefined();
      const tokenFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "token-")), "token.der");
      fs.writeFileSync(tokenFile, Buffer.from(token!.attrValues[0]));
      const signatureValue = Buffer.from(signer.signature.buffer);
      const verify = (digest: string) =>
        spawnSync(
          "openssl",
          ["ts", "-verify", "-token_in", "-in", tokenFile, "-digest", digest, "-CAfile", tsa.certificate],
          { encoding: "utf8" },
        );
      const good = verify(crypto.createHash("sha256").update(signatureValue).digest("hex"));
      expect(`${good.stdout}${good.stderr}`).toContain("Verification: OK");
      const other = verify(crypto.createHash("sha256").update("another signature").digest("hex"));
      expect(other.status).not.toBe(0);
    } finally {
      await tsa.stop();
    }
  });

  it("signs with an imported EC certificate and its provider's chain alone", async () => {
    const key = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ec-"));
    fs.writeFileSync(path.join(dir, "key.pem"), key.privateKey.export({ type: "pkcs8", format: "pem" }));
    execFileSync("openssl", [
      ...["req", "-x509", "-new", "-key", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
      ...["-days", "30", "-subj", "/CN=Provider Signed Ministry", "-addext", "basicConstraints=critical,CA:FALSE"],
    ]);
    const ministry = {
      privateKeyPem: fs.readFileSync(path.join(dir, "key.pem"), "utf8"),
      certificatePem: fs.readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
    const authority = await createAuthority("Documents & Attestations test CA");
    const stamped = await stampedPdf();
    const signed = await embedSignature(stamped.bytes, stamped.signing!, ministry, authority);
    const report = toolSays("pdfsig", [], signed).output;
    expect(report).toContain("Signer Certificate Common Name: Provider Signed Ministry");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(dumpedSigner(signed).signatureAlgorithm.algorithm).toBe("1.2.840.10045.4.3.2");
  });
});
