import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { demoCodes, signIn, switchLanguage } from "../support";

process.env.PIN_SECRET = "e2e-pin-secret";
const { accessPinFor } = await import("../../app/modules/verification/pin.server");

const VERDICTS = {
  VALID: { en: "Valid", ar: "صالحة", status: 200 },
  EXPIRED: { en: "Expired", ar: "منتهية الصلاحية", status: 200 },
  REVOKED: { en: "Revoked", ar: "ملغاة", status: 200 },
} as const;

for (const [verdict, text] of Object.entries(VERDICTS)) {
  test(`${verdict} in English and Arabic`, async ({ page }) => {
    const codes = await demoCodes();
    const response = await page.goto(`/verify/${codes[verdict as keyof typeof VERDICTS]}`);
    expect(response?.status()).toBe(text.status);
    await switchLanguage(page, "en");
    const box = page.locator(`[data-verdict="${verdict}"]`);
    await expect(box.locator("strong")).toHaveText(text.en);
    await expect(box.locator("svg")).toHaveCount(1);
    await expect(page.getByTestId("sha256")).toHaveText(/^[0-9a-f]{64}$/);
    await switchLanguage(page, "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(box.locator("strong")).toHaveText(text.ar);
    await expect(page.getByTestId("sha256")).toHaveAttribute("dir", "ltr");
    // The reason in the reader's language (docs/architecture.md §9).
    if (verdict === "REVOKED") await expect(page.getByRole("main")).toContainText("صدرت بخطأ مطبعي");
  });
}

test("NOT FOUND answers 404", async ({ page }) => {
  const response = await page.goto("/verify/ABCDEFGHJKMNPQRS");
  expect(response?.status()).toBe(404);
  await switchLanguage(page, "en");
  await expect(page.locator('[data-verdict="NOT_FOUND"] strong')).toHaveText("Not found");
});

test("a code typed in lower case with dashes and spaces is found", async ({ page }) => {
  const { VALID } = await demoCodes();
  await page.goto("/verify");
  await switchLanguage(page, "en");
  await page.locator("#code").fill(`  ${VALID.toLowerCase().replace(/(.{4})(?=.)/g, "$1-")} `);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`/verify/${VALID}`);
  await expect(page.locator('[data-verdict="VALID"]')).toBeVisible();
  await expect(page.getByTestId("holder")).toHaveText(/\w+ \w+/);
});

test("SecurePlus: the holder shows only after the right access PIN", async ({ page }) => {
  const { SECURE_PLUS } = await demoCodes();
  await page.goto(`/verify/${SECURE_PLUS}`);
  await switchLanguage(page, "en");
  await expect(page.getByTestId("holder")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download the document" })).toHaveCount(0);
  const pin = accessPinFor(SECURE_PLUS);
  await page.locator("#pin").fill(pin === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByText("That access PIN is not right.")).toBeVisible();
  await page.locator("#pin").fill(pin);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByTestId("holder")).toHaveText(/\w+ \w+/);
  await expect(page.getByRole("link", { name: "Download the document" })).toBeVisible();
});

test("file check: the issued file matches, another file does not", async ({ page }) => {
  const { VALID } = await demoCodes();
  await page.goto(`/verify/${VALID}`);
  await switchLanguage(page, "en");
  const href = await page.getByRole("link", { name: "Download the document" }).getAttribute("href");
  const original = await (await page.request.get(href!)).body();
  await page.locator("#file").setInputFiles({ name: "given.pdf", mimeType: "application/pdf", buffer: original });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.locator('[data-file-check="match"]')).toHaveText("The file matches the issued document.");
  const altered = Buffer.from(original);
  altered[altered.length - 20] ^= 1;
  await page.locator("#file").setInputFiles({ name: "given.pdf", mimeType: "application/pdf", buffer: altered });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.locator('[data-file-check="mismatch"]')).toBeVisible();
});

test("the verification page has no script and weighs at most 14 KB gzipped with its CSS", async ({ request }) => {
  const { VALID } = await demoCodes();
  for (const path of [`/verify/${VALID}`, "/verify", "/verify/ABCDEFGHJKMNPQRS"]) {
    const response = await request.get(path, { headers: { "Accept-Language": "ar" } });
    const html = await response.text();
    expect(html, path).not.toMatch(/<script/i);
    expect(html, path).not.toMatch(/rel="(stylesheet|modulepreload)"/);
    expect(html).toContain("<style>");
    expect(zlib.gzipSync(html).byteLength, path).toBeLessThanOrEqual(14 * 1024);
  }
});

test("a verification appears on the beneficiary's request page", async ({ page }) => {
  const { validWithOwner } = await demoCodes();
  await page.goto(`/verify/${validWithOwner.code}`);
  await expect(page.locator('[data-verdict="VALID"]')).toBeVisible();
  await signIn(page, validWithOwner.email, undefined, "en");
  await page.goto(`/beneficiary/request-document/${validWithOwner.request_id}`);
  await expect(page.getByTestId("verification-code")).toHaveText(validWithOwner.code.match(/.{4}/g)!.join("-"));
  await expect(page.getByTestId("verifications").locator("li").first()).toContainText("Valid");
});
