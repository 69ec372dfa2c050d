import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { createAuthority, createOrganisationCredentials } from "./certificates.server";
import { SIGNATURE_LENGTH, signPdf } from "./sign-pdf.server";

/** A two-page PDF with its signature placeholder, as the stamp leaves it. */
async function unsignedPdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText("Certificate of graduation", { x: 72, y: 760 });
  pdf.addPage([595, 842]).drawText("Page two", { x: 72, y: 760 });
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: "Issued document",
    contactInfo: "",
    name: "Demo University",
    location: "",
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  // Object streams would compress the placeholder out of reach of the signer.
  return pdf.save({ useObjectStreams: false });
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
    const signed = await signPdf(await unsignedPdf(), university, authority);

    const report = toolSays("pdfsig", [], signed);
    expect(report.output).toContain("Signer Certificate Common Name: Demo University");
    expect(report.output).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report.output).toContain("Signature Validation: Signature is Valid.");
    expect(report.output).toContain("Total document signed");

    // One byte of the signed content changed (a letter of the document's producer): the digest no longer matches.
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf("/Producer <FEFF0070") + "/Producer <FEFF007".length;
    expect(at).toBeGreaterThan(100);
    tampered[at] = "1".charCodeAt(0); // "p" becomes "q"
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
