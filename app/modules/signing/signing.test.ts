import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  createAuthority,
  createAuthorityCrl,
  createOrganisationCredentials,
  signingChain,
  type Credentials,
} from "./certificates.server";
import { addDocumentTimestamp, addValidationData, certificatesInToken } from "./ltv.server";
import { authorityCrl, signAs } from "./service.server";
import { createSeededTestDb } from "~/test/db";
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

/** Signs a stamped PDF at B-T, then extends it to B-LT and B-LTA with the given TSA. */
async function longTermSigned(tsaUrl: string, organisation: Credentials, authority: Credentials) {
  const stamped = await stampedPdf();
  let token: ArrayBuffer | undefined;
  const signed = await embedSignature(stamped.bytes, stamped.signing!, organisation, authority, async (signature) => {
    token = await timestampToken(tsaUrl, signature);
    return token;
  });
  const longTerm = await addValidationData(signed, {
    certificates: [...signingChain(organisation, authority), ...certificatesInToken(token!)],
    crls: [await createAuthorityCrl(authority)],
  });
  return addDocumentTimestamp(longTerm, (bytes) => timestampToken(tsaUrl, bytes));
}

/** An object of the file as qpdf shows it, or its stream's bytes. */
const qpdfObject = (file: string, object: string, raw = false) =>
  execFileSync("qpdf", [`--show-object=${object}`, ...(raw ? ["--raw-stream-data"] : []), file], {
    encoding: raw ? "buffer" : "utf8",
  });

describe("PDFs that stay valid for years (PAdES B-LT and B-LTA)", () => {
  it("keep the chain and the authority's CRL in a DSS, under a document timestamp `openssl ts -verify` accepts over the whole file", async () => {
    const tsa = await startOpenSslTsa();
    try {
      const authority = await createAuthority("Documents & Attestations test CA");
      const university = await createOrganisationCredentials(
        authority,
        { en: "Demo University", ar: "الجامعة التجريبية" },
        new Date(),
        "http://127.0.0.1/certificate-authority.crl",
      );
      const pdf = await longTermSigned(tsa.url, university, authority);
      expect(tsa.answered()).toBe(2);

      const report = toolSays("pdfsig", [], pdf);
      expect(report.output).toContain("Signature #1:");
      expect(report.output).toContain("Signer Certificate Common Name: Demo University");
      expect(report.output.split("Signature #2:")[0]).toContain("Signature Validation: Signature is Valid.");
      expect(report.output).toContain("Signature #2:");
      expect(toolSays("qpdf", ["--check"], pdf).status).toBe(0);

      // The last signature: a document timestamp over every byte but its own, DSS included.
      const { file } = toolSays("pdfsig", ["-dump"], pdf);
      const token = path.join(
        path.dirname(file),
        fs.readdirSync(path.dirname(file)).find((n) => n.endsWith(".sig1"))!,
      );
      const ranges = [...report.output.split("Signature #2:")[1].matchAll(/\[(\d+) - (\d+)\]/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]);
      expect(ranges).toHaveLength(2);
      expect(ranges[1][1]).toBe(pdf.byteLength);
      const covered = Buffer.concat(ranges.map(([from, to]) => Buffer.from(pdf).subarray(from, to)));
      expect(covered.includes(Buffer.from("/Type /DSS"))).toBe(true);
      const dataFile = path.join(path.dirname(file), "covered.bin");
      fs.writeFileSync(dataFile, covered);
      const verify = (data: string) =>
        spawnSync("openssl", ["ts", "-verify", "-token_in", "-in", token, "-data", data, "-CAfile", tsa.certificate], {
          encoding: "utf8",
        });
      expect(`${verify(dataFile).stdout}${verify(dataFile).stderr}`).toContain("Verification: OK");
      fs.writeFileSync(dataFile, Buffer.concat([covered, Buffer.from(" ")]));
      expect(verify(dataFile).status).not.toBe(0);

      // The DSS, read back with qpdf: the organisation's certificate, the authority's, the TSA's, and a CRL that
      // OpenSSL verifies with the authority's certificate.
      const catalog = qpdfObject(file, "trailer") as string;
      const root = /\/Root (\d+) 0 R/.exec(catalog)![1];
      const dss = /\/DSS (\d+) 0 R/.exec(qpdfObject(file, root) as string)![1];
      const store = qpdfObject(file, dss) as string;
      const numbers = (key: string) =>
        [...new RegExp(`/${key} \\[([^\\]]*)\\]`).exec(store)![1].matchAll(/(\d+) 0 R/g)].map((m) => m[1]);
      const subjects = numbers("Certs").map((number) =>
        execFileSync("openssl", ["x509", "-inform", "DER", "-noout", "-subject", "-nameopt", "utf8"], {
          input: qpdfObject(file, number, true),
          encoding: "utf8",
        }).trim(),
      );
      expect(subjects).toEqual([
        "subject=CN=Demo University, O=الجامعة التجريبية",
        "subject=CN=Documents & Attestations test CA",
        "subject=CN=Test Time-Stamping Authority",
      ]);
      const [crl] = numbers("CRLs");
      const authorityFile = path.join(path.dirname(file), "authority.pem");
      fs.writeFileSync(authorityFile, authority.certificatePem);
      const crlCheck = spawnSync("openssl", ["crl", "-inform", "DER", "-noout", "-CAfile", authorityFile], {
        input: qpdfObject(file, crl, true),
        encoding: "utf8",
      });
      expect(`${crlCheck.stdout}${crlCheck.stderr}`).toContain("verify OK");
      const distribution = execFileSync("openssl", ["x509", "-noout", "-ext", "crlDistributionPoints"], {
        input: university.certificatePem,
        encoding: "utf8",
      });
      expect(distribution).toContain("URI:http://127.0.0.1/certificate-authority.crl");
    } finally {
      await tsa.stop();
    }
  });

  it("an organisation's certificate replaced, or past its end, leaves the documents it signed verifiable", async () => {
    const tsa = await startOpenSslTsa();
    try {
      const authority = await createAuthority("Documents & Attestations test CA");
      const earlier = await createOrganisationCredentials(authority, { en: "Demo University", ar: "الجامعة" });
      const pdf = await longTermSigned(tsa.url, earlier, authority);
      const signedAt = Math.floor(Date.now() / 1000);
      // Replaced: a new certificate signs from now on; the earlier one is not revoked and its document still checks.
      const replacement = await createOrganisationCredentials(authority, { en: "Demo University", ar: "الجامعة" });
      expect(replacement.certificatePem).not.toBe(earlier.certificatePem);
      expect(toolSays("pdfsig", [], pdf).output.split("Signature #2:")[0]).toContain(
        "Signature Validation: Signature is Valid.",
      );

      // Past its end (five years on): the chain and the CRL the DSS keeps still validate the certificate as of the
      // time the timestamp proves, with nothing fetched; as of a later time the same certificate has expired.
      const { file } = toolSays("qpdf", ["--check"], pdf);
      const root = /\/Root (\d+) 0 R/.exec(qpdfObject(file, "trailer") as string)![1];
      const store = qpdfObject(file, /\/DSS (\d+) 0 R/.exec(qpdfObject(file, root) as string)![1]) as string;
      const stream = (key: string, index: number) =>
        qpdfObject(
          file,
          [...new RegExp(`/${key} \\[([^\\]]*)\\]`).exec(store)![1].matchAll(/(\d+) 0 R/g)][index][1],
          true,
        );
      const dir = path.dirname(file);
      const pem = (der: Buffer | string, kind: "x509" | "crl") =>
        execFileSync("openssl", [kind, "-inform", "DER", "-outform", "PEM"], { input: der, encoding: "utf8" });
      fs.writeFileSync(path.join(dir, "leaf.pem"), pem(stream("Certs", 0), "x509"));
      fs.writeFileSync(path.join(dir, "ca.pem"), pem(stream("Certs", 1), "x509"));
      fs.writeFileSync(path.join(dir, "ca.crl"), pem(stream("CRLs", 0), "crl"));
      const verifyAt = (seconds: number) =>
        spawnSync(
          "openssl",
          ["verify", "-attime", String(seconds), "-CAfile", "ca.pem", "-CRLfile", "ca.crl", "-crl_check", "leaf.pem"],
          { cwd: dir, encoding: "utf8" },
        );
      expect(verifyAt(signedAt).stdout).toContain("leaf.pem: OK");
      const fiveYearsOn = signedAt + 5 * 366 * 86_400;
      expect(`${verifyAt(fiveYearsOn).stdout}${verifyAt(fiveYearsOn).stderr}`).toMatch(/expired/);
    } finally {
      await tsa.stop();
    }
  });
});

describe("issuing with a time-stamping authority (TSA_URL)", () => {
  it("signs at B-LTA, with the CRL /certificate-authority.crl serves in the DSS; without an answer, still issues", async () => {
    const tsa = await startOpenSslTsa();
    const db = await createSeededTestDb();
    const before = process.env.TSA_URL;
    process.env.TSA_URL = tsa.url;
    try {
      const client = { id: 1, en: "Demo University", ar: "الجامعة التجريبية" };
      const pdf = await signAs(db, client, await stampedPdf());
      const report = toolSays("pdfsig", [], pdf).output;
      expect(report).toContain("Signature #2:");
      expect(report.split("Signature #2:")[0]).toContain("Signature Validation: Signature is Valid.");
      expect(Buffer.from(pdf).includes(Buffer.from(await authorityCrl(db)))).toBe(true);
      await tsa.stop();
      const unanswered = await signAs(db, client, await stampedPdf());
      expect(toolSays("pdfsig", [], unanswered).output).toContain("Signature Validation: Signature is Valid.");
    } finally {
      process.env.TSA_URL = before ?? "";
      if (before === undefined) delete process.env.TSA_URL;
      await tsa.stop().catch(() => {});
    }
  });
});
