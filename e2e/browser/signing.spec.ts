import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { errorText, OTHER_CLIENT, signIn, switchLanguage } from "../support";

/** A provider's certificate and key as OpenSSL exports them (PKCS#12, AES-256), for the Ministry of Labour. */
function providerPkcs12(commonName: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-"));
  const at = (name: string) => path.join(dir, name);
  execFileSync("openssl", [
    ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", at("key.pem"), "-out", at("cert.pem")],
    ...["-days", "30", "-subj", `/CN=${commonName}`, "-addext", "basicConstraints=critical,CA:FALSE"],
    ...["-addext", "keyUsage=critical,digitalSignature,nonRepudiation"],
  ]);
  execFileSync("openssl", [
    ...["pkcs12", "-export", "-inkey", at("key.pem"), "-in", at("cert.pem"), "-out", at("ministry.p12")],
    ...["-passout", "pass:provider-password"],
  ]);
  return { name: "ministry.p12", mimeType: "application/x-pkcs12", buffer: fs.readFileSync(at("ministry.p12")) };
}

test("a client admin imports the organisation's own signing certificate; a wrong password is refused", async ({
  page,
}, testInfo) => {
  const commonName = `Ministry of Labour ${testInfo.project.name}`;
  await signIn(page, OTHER_CLIENT.CLIENT_ADMIN);
  await switchLanguage(page, "en");
  await page.getByRole("link", { name: "Signing certificate" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signing certificate");
  await expect(page.getByTestId("certificate-subject")).toBeVisible();

  const file = providerPkcs12(commonName);
  await page.locator("#file").setInputFiles(file);
  await page.locator('input[name="password"]').fill("not the password");
  await page.getByRole("button", { name: "Import the certificate" }).click();
  await expect(errorText(page, "file")).toHaveText(
    "This file could not be opened: it is not a PKCS#12 file, or the password is wrong",
  );

  // A certificate a provider made for another organisation signs nobody's documents here.
  await page.locator("#file").setInputFiles(providerPkcs12("Demo University"));
  await page.locator('input[name="password"]').fill("provider-password");
  await page.getByRole("button", { name: "Import the certificate" }).click();
  await expect(errorText(page, "file")).toHaveText(
    "This certificate does not name your organisation: its common name (CN) or organisation (O) must give the organisation's name, in Arabic or in English",
  );

  await switchLanguage(page, "ar");
  await page.locator("#file").setInputFiles(file);
  await page.locator('input[name="password"]').fill("provider-password");
  await page.getByRole("button", { name: "استيراد الشهادة" }).click();
  await expect(page.getByText("تم استيراد الشهادة: الوثائق الجديدة تُوقَّع بها.")).toBeVisible();
  await expect(page.getByTestId("certificate-subject")).toContainText(`CN=${commonName}`);
  await expect(page.getByText("مستوردة من مزوّد الشهادات لديكم.")).toBeVisible();
});
