import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { openServerDatabase } from "../server-db";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { pdfQrText } from "../../app/test/pdf";
import { baseURL, E2E_DATABASE_URL } from "../../playwright.config";
import { DEMO, OTHER_CLIENT, signIn } from "../support";

async function diplomaPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([420, 595]).drawText("Master of Science, 2020", { x: 40, y: 500, size: 16, font });
  return Buffer.from(await pdf.save());
}

const attestedCopyOf = async (attestationId: number) => {
  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  const row = await db.get<{ code: string; hash: string; kind: string }>(
    "SELECT verification_code AS code, document_hash AS hash, kind FROM issued_documents WHERE attestation_id = ?",
    attestationId,
  );
  await db.close();
  return row;
};

const idIn = (page: Page) => Number(new URL(page.url()).pathname.split("/").pop());

async function newPage(browser: Browser, email: string) {
  const page = await browser.newPage({ javaScriptEnabled: false, baseURL });
  await signIn(page, email, undefined, "ar");
  return page;
}

/** The beneficiary asks Demo University to attest a file, in Arabic; returns the attestation's id. */
async function ask(page: Page, documentName: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto("/beneficiary/attestations");
  await page.getByRole("link", { name: "طلب تصديق" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("اطلب من جهة تصديق وثيقة");
  await page.getByLabel("الجهة").selectOption({ label: "الجامعة التجريبية" });
  await page.getByLabel("اسم الوثيقة").fill(documentName);
  await page.locator("#file").setInputFiles(file);
  await page.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(page).toHaveURL(/\/beneficiary\/attestations\/\d+$/);
  await expect(page.getByText("تم إرسال طلب التصديق.")).toBeVisible();
  await expect(page.getByTestId("attestation-card")).toContainText("قيد الانتظار");
  return idIn(page);
}

test("in Arabic without JS: an attestation asked, approved, downloaded and verified; another rejected with a note the beneficiary reads", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled !== false, "the JS-off journey");
  test.setTimeout(90_000);
  const beneficiary = await newPage(browser, DEMO.BENEFICIARY);
  const clerk = await newPage(browser, DEMO.CLERK);

  // Asked, with a mistake first: the form keeps what was typed and says what is wrong.
  await beneficiary.goto("/beneficiary/attestations/create");
  await beneficiary.getByLabel("اسم الوثيقة").fill("شهادة");
  await beneficiary.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(beneficiary.getByText("يرجى اختيار جهة تصادق على الوثائق")).toBeVisible();
  await expect(beneficiary.getByText("يرجى اختيار ملف")).toBeVisible();
  await expect(beneficiary.getByLabel("اسم الوثيقة")).toHaveValue("شهادة");
  const approvedId = await ask(beneficiary, "شهادة الماجستير 2020", {
    name: "master.pdf",
    mimeType: "application/pdf",
    buffer: await diplomaPdf(),
  });

  // The clerk finds it in the list and approves it with the default expiry (a year from today).
  await clerk.goto("/clerks/attestations?status=PENDING");
  await clerk.getByRole("link", { name: String(approvedId), exact: true }).click();
  await expect(clerk.getByTestId("beneficiary-card")).toContainText("beneficiary@example.com");
  await clerk.getByRole("link", { name: "اتخاذ القرار" }).click();
  const nextYear = new Date();
  nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
  await expect(clerk.getByLabel("التصديق صالح حتى")).toHaveValue(nextYear.toISOString().slice(0, 10));
  await clerk.getByRole("button", { name: "الموافقة والإصدار" }).click();
  await expect(clerk).toHaveURL(new RegExp(`/clerks/attestations/${approvedId}$`));
  await expect(clerk.getByText("تمت الموافقة على التصديق وإصدار النسخة المصادق عليها.")).toBeVisible();

  // The beneficiary downloads the attested copy; its QR code opens a VALID page that says it is attested.
  const copy = (await attestedCopyOf(approvedId))!;
  expect(copy.kind).toBe("ATTESTATION");
  await beneficiary.goto(`/beneficiary/attestations/${approvedId}`);
  await expect(beneficiary.getByTestId("verification-code")).toHaveText(copy.code.match(/.{4}/g)!.join("-"));
  const href = await beneficiary.getByRole("link", { name: "تنزيل النسخة المصادق عليها (PDF)" }).getAttribute("href");
  const bytes = await (await beneficiary.request.get(href!)).body();
  expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(copy.hash);
  const qrTarget = await pdfQrText(bytes);
  expect(qrTarget).toBe(`${baseURL}/verify/${copy.code}`);
  const reviewer = await browser.newPage({ javaScriptEnabled: false, baseURL, locale: "ar" }); // an Arabic-speaking reviewer scanning the code
  await reviewer.goto(qrTarget!);
  await expect(reviewer.locator("[data-verdict]")).toHaveAttribute("data-verdict", "VALID");
  await expect(reviewer.locator("html")).toHaveAttribute("lang", "ar");
  await expect(reviewer.getByTestId("attested")).toHaveText("نسخة مصادق عليها");
  await expect(reviewer.locator("body")).toContainText("هذه نسخة مصادق عليها من الجامعة التجريبية");
  await reviewer.close();

  // A second one is rejected with a note, which the beneficiary reads.
  const rejectedId = await ask(beneficiary, "كشف العلامات", {
    name: "transcript.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYGD4z8DAwMDEwMDAAAAMGAECs5BV2gAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await clerk.goto(`/clerks/attestations/edit/${rejectedId}`);
  await clerk.getByRole("button", { name: "رفض" }).click();
  await expect(clerk.getByText("يرجى كتابة ملاحظة للمستفيد")).toBeVisible();
  await clerk.getByLabel("ملاحظة للمستفيد بالعربية").fill("الختم لا يطابق سجلاتنا.");
  await clerk.getByRole("button", { name: "رفض" }).click();
  await expect(clerk.getByText("تم رفض التصديق؛ ويمكن للمستفيد قراءة ملاحظتك.")).toBeVisible();
  await beneficiary.goto(`/beneficiary/attestations/${rejectedId}`);
  await expect(beneficiary.getByTestId("review-note")).toHaveText("ملاحظة الجهة: الختم لا يطابق سجلاتنا.");
  await expect(beneficiary.getByTestId("attestation-card")).toContainText("مرفوض");

  // Another client's clerk and another beneficiary get the 404 of an attestation that does not exist.
  const otherClerk = await newPage(browser, OTHER_CLIENT.CLERK);
  expect((await otherClerk.goto(`/clerks/attestations/${approvedId}`))?.status()).toBe(404);
  expect((await otherClerk.goto(`/clerks/attestations/edit/${rejectedId}`))?.status()).toBe(404);
  const otherBeneficiary = await newPage(browser, "beneficiary2@example.com");
  expect((await otherBeneficiary.goto(`/beneficiary/attestations/${approvedId}`))?.status()).toBe(404);
  for (const page of [beneficiary, clerk, otherClerk, otherBeneficiary]) await page.close();
});

test("cancelling a pending attestation asks for confirmation first (a page without JS, a modal with JS)", async ({
  page,
}, testInfo) => {
  const jsOn = testInfo.project.use.javaScriptEnabled !== false;
  await signIn(page, DEMO.BENEFICIARY, undefined, "en");
  const id = await (async () => {
    await page.goto("/beneficiary/attestations/create");
    await page.getByLabel("Organisation").selectOption({ label: "Demo University" });
    await page.getByLabel("Document name").fill(`Letter ${jsOn ? "on" : "off"}`);
    await page
      .locator("#file")
      .setInputFiles({ name: "letter.pdf", mimeType: "application/pdf", buffer: await diplomaPdf() });
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page).toHaveURL(/\/beneficiary\/attestations\/\d+$/);
    return idIn(page);
  })();
  await page.getByRole("link", { name: "Cancel this request" }).click();
  const dialog = page.getByTestId("confirm-cancel");
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(jsOn);
  await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText("The attestation request has been cancelled.")).toBeVisible();
  await expect(page.getByTestId("attestation-card")).toContainText("Cancelled");
  await expect(page.getByRole("link", { name: "Cancel this request" })).toHaveCount(0);
  expect(id).toBeGreaterThan(8);
});
