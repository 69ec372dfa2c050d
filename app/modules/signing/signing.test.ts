import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { createAuthority, createOrganisationCredentials } from "./certificates.server";
import { stampDocument } from "~/modules/issuing/stamp.server";
import { embedSignature } from "./sign-pdf.server";

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
    issuer: { en: "Demo University", ar: "الجامعة التجريبية" },
    issuedAt: new Date(),
    signature: { name: "Demo University", reason: "Issued document" },
  });
}

/** What a tool no one here wrote says of the file. */
function toolSays(tool: "pdfsig" | "qpdf", args: string[], bytes: Uint8Array) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signed-")), "document.pdf");
  fs.writeFileSync(file, bytes);
  const result = spawnSync(tool, [...args, file], { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("signed PDFs (PAdES baseline B)", () => {
  it("poppler's pdfsig finds the signature valid, over the whole file, by the organisation; one byte changed, invalid", async () => {
    const authority = await createAuthority("Documents & Attestations test CA");
    const university = await createOrganisationCredentials(authority, {
      en: "Demo University",
      ar: "الجامعة التجريبية",
    });
    const stamped = await stampedPdf();
    const signed = embedSignature(stamped.bytes, stamped.signing!, university, authority);

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
});
