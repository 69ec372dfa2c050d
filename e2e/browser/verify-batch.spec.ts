import { expect, test } from "@playwright/test";
import { parseCsv } from "../../app/test/csv";
import { demoCodes, switchLanguage } from "../support";

test("a reviewer verifies codes and PDFs in one table, in both languages, and downloads it as CSV", async ({
  page,
}) => {
  const { VALID, REVOKED, EXPIRED } = await demoCodes();
  const issuedPdf = await (await page.request.get(`/verify/${VALID}/document`)).body();
  const altered = Buffer.from(issuedPdf);
  altered[altered.length - 20] ^= 1;

  await page.goto("/verify");
  await switchLanguage(page, "en");
  await page.getByRole("link", { name: "Verifying many documents? Use the batch page." }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify many documents");
  const fill = async () => {
    await page
      .locator("#codes")
      .fill(`${VALID.toLowerCase()}\n${REVOKED}, ${EXPIRED}\nABCDEFGHJKMNPQRS not-a-code ${VALID}`);
    await page.locator("#files").setInputFiles([
      { name: "issued.pdf", mimeType: "application/pdf", buffer: issuedPdf },
      { name: "altered.pdf", mimeType: "application/pdf", buffer: altered },
    ]);
  };
  await fill();
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  const rows = page.getByTestId("batch-results").locator("tbody tr");
  // The repeated code is looked up once.
  await expect(rows).toHaveCount(7);
  const verdicts = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-verdict")));
  expect(verdicts).toEqual(["VALID", "REVOKED", "EXPIRED", "NOT_FOUND", "INVALID_CODE", "VALID", "NOT_FOUND"]);
  await expect(rows.nth(0)).toContainText("Demo University");
  await expect(rows.nth(5)).toContainText("issued.pdf");
  await expect(page.locator("#codes")).toHaveValue(new RegExp(REVOKED));

  await switchLanguage(page, "ar");
  await fill();
  await page.getByRole("button", { name: "تحقق", exact: true }).click();
  await expect(rows.nth(1)).toContainText("ملغاة");
  await expect(rows.nth(0)).toContainText("صالحة");

  await fill();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "تحقق ونزّل النتائج بصيغة CSV" }).click();
  const download = await downloading;
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ""));
  const table = records.map((record) => Object.fromEntries(header.map((name, index) => [name, record[index]])));
  expect(table).toHaveLength(7);
  expect(table[0]["رمز التحقق"]).toBe(VALID);
  expect(table[1]["النتيجة"]).toBe("ملغاة");
  expect(table[5]["الرمز أو الملف"]).toBe("issued.pdf");
  expect(table[0]["الجهة المصدرة (بالإنجليزية)"]).toBe("Demo University");
});

test("an empty batch and more than 100 codes are refused with a message", async ({ page }) => {
  await page.goto("/verify/batch");
  await switchLanguage(page, "en");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Paste at least one code or choose at least one PDF file");
  const many = Array.from({ length: 101 }, (_, index) => `CODE${String(index).padStart(12, "0")}`).join("\n");
  await page.locator("#codes").fill(many);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "At most 100 codes at once: split the list and verify the rest after",
  );
  await expect(page.locator("#codes")).toHaveValue(many);
});
