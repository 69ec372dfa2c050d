import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withMacIterations } from "~/test/bombs";
import { createAuthority, createOrganisationCredentials, type Credentials } from "./certificates.server";
import { namesOrganisation, readPkcs12 } from "./pkcs12.server";

const YEAR = 365 * 86_400_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "pkcs12-"));

/** A PKCS#12 as a provider's tools make it: OpenSSL's own export (AES-256 and PBKDF2 by default). */
function exported(name: string, parts: { key?: string; certificates?: string[] }, password = "secret") {
  const file = (suffix: string, text: string) => {
    const at = path.join(work, `${name}-${suffix}.pem`);
    fs.writeFileSync(at, text);
    return at;
  };
  const args = ["pkcs12", "-export", "-out", path.join(work, `${name}.p12`), "-passout", `pass:${password}`];
  if (parts.key) args.push("-inkey", file("key", parts.key));
  if (parts.certificates?.length) args.push("-in", file("certs", parts.certificates.join("\n")));
  else args.push("-nocerts");
  if (!parts.key) args.push("-nokeys");
  execFileSync("openssl", args);
  return new Uint8Array(fs.readFileSync(path.join(work, `${name}.p12`)));
}

/** An EC key and a certificate a provider signed, made with OpenSSL alone. */
function providerEcCredentials(): Credentials {
  const key = path.join(work, "ec.key");
  const certificate = path.join(work, "ec.crt");
  execFileSync("openssl", ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", key]);
  execFileSync("openssl", [
    ...["req", "-x509", "-new", "-key", key, "-out", certificate, "-days", "30"],
    ...["-utf8", "-subj", "/CN=Provider-signed Ministry/O=وزارة", "-addext", "keyUsage=critical,digitalSignature"],
    ...["-addext", "basicConstraints=critical,CA:FALSE"],
  ]);
  return { privateKeyPem: fs.readFileSync(key, "utf8"), certificatePem: fs.readFileSync(certificate, "utf8") };
}

describe("importing a provider's PKCS#12", () => {
  it("takes a valid RSA file with its chain, signer first, and an EC one", async () => {
    const authority = await createAuthority("A real provider's CA");
    const organisation = await createOrganisationCredentials(authority, { en: "Ministry", ar: "الوزارة" });
    const read = await readPkcs12(
      exported("rsa", {
        key: organisation.privateKeyPem,
        certificates: [organisation.certificatePem, authority.certificatePem],
      }),
      "secret",
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.subject).toContain("CN=Ministry");
    const chain = read.credentials.certificatePem.match(/BEGIN CERTIFICATE/g);
    expect(chain).toHaveLength(2);
    expect(read.credentials.certificatePem.indexOf(organisation.certificatePem.trim().slice(30, 90))).toBeLessThan(
      read.credentials.certificatePem.indexOf(authority.certificatePem.trim().slice(30, 90)),
    );

    const ec = providerEcCredentials();
    const readEc = await readPkcs12(
      exported("ec", { key: ec.privateKeyPem, certificates: [ec.certificatePem] }),
      "secret",
    );
    expect(readEc.ok && readEc.subject).toContain("Provider-signed Ministry");
  });

  it("refuses a wrong password, a file without key, a key without its certificate, an expired or CA certificate", async () => {
    const authority = await createAuthority("A real provider's CA");
    const organisation = await createOrganisationCredentials(authority, { en: "Ministry", ar: "الوزارة" });
    const expired = await createOrganisationCredentials(
      authority,
      { en: "Old", ar: "قديمة" },
      new Date(Date.now() - 6 * YEAR),
    );
    const good = exported("good", { key: organisation.privateKeyPem, certificates: [organisation.certificatePem] });
    const refusal = async (bytes: Uint8Array, password = "secret") => {
      const read = await readPkcs12(bytes, password);
      return read.ok ? "accepted" : read.error;
    };
    expect(await refusal(good, "wrong")).toBe("signing.p12Unreadable");
    expect(await refusal(new TextEncoder().encode("not a certificate"))).toBe("signing.p12Unreadable");
    expect(await refusal(exported("nokey", { certificates: [organisation.certificatePem] }))).toBe("signing.p12NoKey");
    expect(await refusal(exported("nocert", { key: organisation.privateKeyPem }))).toBe("signing.p12KeyMismatch");
    expect(
      await refusal(exported("expired", { key: expired.privateKeyPem, certificates: [expired.certificatePem] })),
    ).toBe("signing.p12Expired");
    expect(
      await refusal(exported("ca", { key: authority.privateKeyPem, certificates: [authority.certificatePem] })),
    ).toBe("signing.p12KeyUsage");
    expect((await readPkcs12(good, "secret", new Date(Date.now() - YEAR))).ok).toBe(false);
  });
});

describe("a PKCS#12 that names its own cost", () => {
  it("is refused at once when an iteration count passes the cap", async () => {
    const authority = await createAuthority("A real provider's CA");
    const organisation = await createOrganisationCredentials(authority, { en: "Ministry", ar: "الوزارة" });
    const good = exported("costly", { key: organisation.privateKeyPem, certificates: [organisation.certificatePem] });
    const costly = withMacIterations(good, 20_000_000);
    const started = performance.now();
    const read = await readPkcs12(costly, "secret");
    expect(read.ok ? "accepted" : read.error).toBe("signing.p12Unreadable");
    expect(performance.now() - started).toBeLessThan(1000);
    // The same file with the count it was made with (OpenSSL's 2,048) is read.
    expect((await readPkcs12(withMacIterations(good, 2048), "secret")).ok).toBe(true);
  });
});

describe("a certificate for the organisation that imports it", () => {
  it("names it, in its CN or O, in either language; a certificate for another organisation is refused", async () => {
    const ministry = providerEcCredentials();
    const read = await readPkcs12(
      exported("named", { key: ministry.privateKeyPem, certificates: [ministry.certificatePem] }),
      "secret",
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.names).toEqual(["Provider-signed Ministry", "وزارة"]);
    expect(namesOrganisation(read.names, { en: "Ministry", ar: "الوزارة" })).toBe(true);
    expect(namesOrganisation(read.names, { en: "Labour Office", ar: "وزارة" })).toBe(true);
    expect(namesOrganisation(read.names, { en: "  provider-SIGNED   ministry ", ar: "" })).toBe(true);
    expect(namesOrganisation(read.names, { en: "Ministry of Labour", ar: "وزارة العمل" })).toBe(false);
    expect(namesOrganisation(read.names, { en: "Demo University", ar: "الجامعة التجريبية" })).toBe(false);
  });
});
