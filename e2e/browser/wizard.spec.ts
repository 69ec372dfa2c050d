import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import { ready, registerBeneficiary } from "../support";

const TEXT = {
  en: {
    client: "Demo University",
    category: "Graduation certificate",
    next: "Next",
    back: "Back",
    submit: "Send the request",
    required: "This field is required",
    badType: "Invalid document file type",
    sent: "Your request was sent.",
    attached: "Attached: national-id.pdf",
    pdfKind: "PDF",
    excelKind: "Excel workbook",
  },
  ar: {
    client: "الجامعة التجريبية",
    category: "شهادة تخرج",
    next: "التالي",
    back: "السابق",
    submit: "إرسال الطلب",
    required: "هذا الحقل مطلوب",
    badType: "نوع ملف المستند غير صالح",
    sent: "تم إرسال طلبك.",
    attached: "المرفق: national-id.pdf",
    pdfKind: "ملف PDF",
    excelKind: "مصنف Excel",
  },
};

async function pdf() {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(200, 1)]);

for (const lng of ["en", "ar"] as const) {
  test(`a beneficiary requests a document through the wizard (${lng})`, async ({ page }) => {
    test.setTimeout(60_000);
    const text = TEXT[lng];
    await registerBeneficiary(page, lng);
    await page.goto("/beneficiary/request-document/create");
    await ready(page);
    const next = page.getByRole("button", { name: text.next, exact: true });

    await page.getByLabel(text.client).check();
    await next.click();
    await expect(page).toHaveURL(/step=1/);
    await page.getByText(text.category, { exact: true }).click();
    await next.click();
    await expect(page).toHaveURL(/step=2/);

    // Fields step: a validation error first, the typed value kept.
    await page.locator('input[name="fields.graduation_date"]').fill("2024-06-30");
    await next.click();
    await expect(page.getByText(text.required).first()).toBeVisible();
    await expect(page.locator('input[name="fields.graduation_date"]')).toHaveValue("2024-06-30");
    await page.locator('input[name="fields.student_number"]').fill("20201234");
    await next.click();
    await expect(page).toHaveURL(/step=3/);

    // A reload midway loses nothing.
    await page.reload();
    await ready(page);
    await page.getByRole("link", { name: text.back }).click();
    await expect(page.locator('input[name="fields.student_number"]')).toHaveValue("20201234");
    await next.click();
    await expect(page).toHaveURL(/step=3/);

    // Documents step: a renamed executable is refused, a real PDF accepted.
    const requiredInput = page.locator('input[type="file"]').first();
    await requiredInput.setInputFiles({ name: "national-id.pdf", mimeType: "application/pdf", buffer: EXE });
    await next.click();
    await expect(page.getByText(text.badType)).toBeVisible();
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: "national-id.pdf", mimeType: "application/pdf", buffer: await pdf() });
    // An Excel workbook of today (XLSX) is taken where the old XLS is, for the other document when there is one.
    const inputs = page.locator('input[type="file"]');
    const withWorkbook = (await inputs.count()) > 1;
    if (withWorkbook) {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet("grades").addRow(["course", "grade"]);
      const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
      await inputs.nth(1).setInputFiles({
        name: "grades.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: xlsx,
      });
    }
    await next.click();
    await expect(page).toHaveURL(/step=4/);
    await expect(page.getByTestId("review")).toContainText("20201234");
    await expect(page.getByTestId("review")).toContainText("national-id.pdf");

    await page.locator("#requestMessage").fill("Needed for a job abroad");
    await page.getByRole("button", { name: text.submit }).click();
    await expect(page).toHaveURL(/\/beneficiary\/request-document\/\d+$/);
    await expect(page.getByRole("status").filter({ hasText: text.sent })).toBeVisible();
    await expect(page.getByTestId("filled-fields")).toContainText("20201234");
    // Each document's kind as a person names it, not its MIME type.
    await expect(page.getByTestId("uploaded-documents")).toContainText(text.pdfKind);
    if (withWorkbook) await expect(page.getByTestId("uploaded-documents")).toContainText(text.excelKind);
    await expect(page.getByTestId("uploaded-documents")).not.toContainText("application/");
    const id = page.url().split("/").pop();

    await page.goto("/beneficiary/request-document");
    await expect(
      page.getByTestId("my-requests").locator(`a[href="/beneficiary/request-document/${id}"]`),
    ).toBeVisible();
  });
}

test("another beneficiary's request answers 404", async ({ page }) => {
  await registerBeneficiary(page, "en");
  const response = await page.goto("/beneficiary/request-document/1");
  expect(response?.status()).toBe(404);
  const edit = await page.goto("/beneficiary/request-document/edit/1");
  expect(edit?.status()).toBe(404);
  const file = await page.request.get("/files/1");
  expect(file.status()).toBe(404);
});

test("starting over asks first: going back keeps the draft, confirming throws it and its files away", async ({
  page,
}) => {
  await registerBeneficiary(page, "en");
  await page.goto("/beneficiary/request-document/create");
  await ready(page);
  await page.getByLabel(TEXT.en.client).check();
  await page.getByRole("button", { name: TEXT.en.next, exact: true }).click();
  await expect(page).toHaveURL(/step=1/);

  await page.getByRole("link", { name: "Start over" }).click();
  const dialog = page.getByTestId("confirm-discard");
  await expect(dialog).toContainText("Start over and throw this draft away?");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("confirm-discard")).toHaveCount(0);
  await expect(page).toHaveURL(/step=1/);
  await expect(page.getByText(TEXT.en.category, { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Start over" }).click();
  await page.getByTestId("confirm-discard").getByRole("button", { name: "Throw the draft away" }).click();
  await expect(page.getByText("The draft request was discarded.")).toBeVisible();
  await expect(page.getByLabel(TEXT.en.client)).not.toBeChecked();
});
