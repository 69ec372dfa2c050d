import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { DEMO, OTHER_CLIENT, ready, signIn } from "../support";
import { E2E_DATABASE_URL } from "../../playwright.config";
import { openServerDatabase } from "../server-db";
import { pdftotext } from "../../app/test/pdf";

test("a clerk builds a category: two required fields, a supporting document, an edit, a toggle and a delete", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled !== false, "the JS-off journey");
  test.setTimeout(60_000);
  const name = `Internship letter ${Date.now()}`;
  await signIn(page, DEMO.CLERK, undefined, "en");
  await page.goto("/clerks/document-categories");
  await page.getByRole("link", { name: "New category" }).first().click();
  await page.locator('input[name="name.english"]').fill(name);
  await page.locator('input[name="name.arabic"]').fill("إفادة تدريب");
  await page.locator('input[name="fee"]').fill("-1");
  await page.locator('input[name="validityPeriod"]').fill("90");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter the fee as a non-negative amount, for example 15 or 15.500")).toBeVisible();
  await expect(page.locator('input[name="name.english"]')).toHaveValue(name);
  await page.locator('input[name="fee"]').fill("7.500");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The document category was created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const categoryUrl = page.url();

  for (const [english, arabic, key, type] of [
    ["Company name", "اسم الشركة", "company_name", "text"],
    ["Start date", "تاريخ البدء", "start_date", "date"],
  ]) {
    await page.goto(categoryUrl);
    await page.getByRole("link", { name: "Add a required field" }).click();
    await page.locator('input[name="name.english"]').fill(english);
    await page.locator('input[name="name.arabic"]').fill(arabic);
    await page.locator('input[name="fieldName"]').fill(key);
    await page.locator('select[name="fieldType"]').selectOption(type);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The required field was saved.")).toBeVisible();
  }
  await page.goto(categoryUrl);
  await page.getByRole("link", { name: "Add a supporting document type" }).click();
  await page.locator('input[name="documentType.english"]').fill("Training contract");
  await page.locator('input[name="documentType.arabic"]').fill("عقد التدريب");
  await page.getByLabel("Required").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The supporting document type was saved.")).toBeVisible();

  await page.goto(categoryUrl);
  const fields = page.getByTestId("required-fields");
  await expect(fields.locator("li")).toHaveCount(2);
  await expect(page.getByTestId("supporting-types")).toContainText("Training contract");

  // Edit one field.
  await fields.locator("li", { hasText: "Company name" }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Update Document Required Field");
  await page.locator('input[name="name.english"]').fill("Employer name");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/document-required-fields\?documentCategoryId=\d+$/);
  await expect(page.getByTestId("required-fields")).toContainText("Employer name");

  // Toggle isRequired from the list.
  const row = page.getByTestId("required-fields").locator("li", { hasText: "Start date" });
  await expect(row).toContainText("Optional");
  await row.getByRole("button", { name: "Make required" }).click();
  await expect(page.getByTestId("required-fields").locator("li", { hasText: "Start date" })).toContainText("Required");

  // Delete one, after confirming.
  await page.getByTestId("required-fields").getByRole("link", { name: "Employer name" }).click();
  await page.getByRole("link", { name: "Delete" }).click();
  await expect(page.getByTestId("confirm-delete")).toContainText("Delete Employer name?");
  await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("The required field was deleted.")).toBeVisible();
  await expect(page.getByTestId("required-fields").locator("li")).toHaveCount(1);
});

test("with JS the required-field edit form validates on blur", async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "JS only");
  await signIn(page, DEMO.CLERK, undefined, "en");
  await page.goto("/clerks/document-categories/1");
  await ready(page);
  await page.getByTestId("required-fields").getByRole("link", { name: "Edit" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Update Document Required Field");
  await ready(page);
  const label = page.locator('input[name="name.english"]');
  await label.fill("A");
  await label.blur();
  await expect(page.getByText("English label is required")).toBeVisible();
  const key = page.locator('input[name="fieldName"]');
  await key.fill("x");
  await key.blur();
  await expect(page.getByText("Field name must be at least 2 characters")).toBeVisible();
  await expect(page).toHaveURL(/\/document-required-fields\/edit\/\d+\?documentCategoryId=1$/);
});

test("a super admin sees every client's categories and can filter by client", async ({ page }) => {
  await signIn(page, DEMO.SUPER_ADMIN, undefined, "en");
  await page.goto("/super-admin/document-categories-management?size=50");
  const list = page.getByTestId("categories");
  for (const client of ["Demo University", "Ministry of Labour", "Al-Noor Institute"])
    await expect(list).toContainText(client);
  await page.locator("#clientId").selectOption({ label: "Ministry of Labour" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(list).not.toContainText("Demo University");
  await expect(list).toContainText("Ministry of Labour");
});

test("a clerk sees only their client's categories; another client's category is 404", async ({ page }) => {
  await signIn(page, "clerk2@example.com", undefined, "en");
  await page.goto("/clerks/document-categories");
  await expect(page.getByTestId("categories")).not.toContainText("Graduation certificate");
  const response = await page.goto("/clerks/document-categories/1");
  expect(response?.status()).toBe(404);
});

test("staff write a category's document template, see its draft and issue from it; an unknown placeholder is named", async ({
  page,
}, testInfo) => {
  const jsOff = testInfo.project.use.javaScriptEnabled === false;
  // Each project its own organisation, away from Demo University's requests that other tests issue and revoke: the
  // Ministry of Labour's admin without JS, the super admin with the third organisation's category with JS.
  await signIn(page, jsOff ? OTHER_CLIENT.CLIENT_ADMIN : DEMO.SUPER_ADMIN, undefined, "en");
  const base = jsOff ? "/client-admin/document-categories" : "/super-admin/document-categories-management";
  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  const category = await db.get<{ id: number }>(
    // Not request 1's category: the authorization matrix finds no template there (its draft answers 404).
    "SELECT id FROM document_categories WHERE client_id = ? AND id <> (SELECT document_category_id FROM document_requests WHERE id = 1) ORDER BY id LIMIT 1",
    jsOff ? 2 : 3,
  );
  const categoryId = category!.id;
  const request = await db.get<{ id: number; first_name_en: string }>(
    "SELECT r.id, u.first_name_en FROM document_requests r JOIN users u ON u.id = r.beneficiary_id WHERE r.document_category_id = ? AND r.status = 'APPROVED' ORDER BY r.id LIMIT 1",
    categoryId,
  );
  await db.close();
  await page.goto(`${base}/${categoryId}`);
  await page.getByRole("link", { name: "Document template" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Document template:");
  await ready(page);
  await expect(page.getByTestId("placeholders")).toContainText("{{beneficiary.name.en}}");
  await page.locator('input[name="title.english"]').fill("Certificate of enrolment");
  await page.locator('input[name="title.arabic"]').fill("شهادة قيد");
  await page.locator('textarea[name="body.english"]').fill("This certifies that {{beneficiary.name.en}} is {{grade}}.");
  await page.locator('textarea[name="body.arabic"]').fill("نشهد بأن {{beneficiary.name.ar}} مقيد لدينا.");
  await page.getByRole("button", { name: "Save the template" }).click();
  await expect(page.locator('[id$="body.english-error"], [id$="body-error"]').first()).toContainText(
    "No request can fill {{grade}}",
  );
  await page
    .locator('textarea[name="body.english"]')
    .fill(
      "This certifies that {{beneficiary.name.en}} ({{beneficiary.nationalId}}) is enrolled, {{issueDate}}. Code {{verificationCode}}.",
    );
  await page.locator("#logo").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await page.getByRole("button", { name: "Save the template" }).click();
  await expect(page.getByText("The template was saved.")).toBeVisible();
  await page.getByRole("link", { name: "Document template" }).click();
  await expect(page.locator('textarea[name="body.english"]')).toHaveValue(/\{\{beneficiary.nationalId\}\}/);
  await expect(page.locator('input[name="title.arabic"]')).toHaveValue("شهادة قيد");
  await expect(page.getByText("An image is saved: choose a file only to replace it.")).toBeVisible();

  // The issue screen links the draft: the template filled from the request, watermarked, with no code.
  await page.goto(`${base}/request/issue/${request!.id}`);
  const preview = await page.request.get((await page.getByTestId("template-preview").getAttribute("href"))!);
  expect(preview.headers()["content-type"]).toBe("application/pdf");
  const draft = await preview.body();
  const text = pdftotext(draft);
  expect(text).toContain("Certificate of enrolment");
  expect(text).toContain(request!.first_name_en);
  // The watermark runs diagonally, which text extraction cuts into pieces; its own words, read from the page's
  // content in reading order (pdftotext -raw), are whole.
  const raw = execFileSync("pdftotext", ["-q", "-raw", "-", "-"], { input: draft }).toString("utf8");
  expect(raw.replace(/\s+/g, "")).toMatch(/DRAFT/);
  expect(raw.replace(/[\s\u200e\u200f\u202a-\u202e]+/g, "")).toMatch(/مسودة|ةدوسم/);
  expect(text).toContain("شهادة قيد");
  expect(text).not.toContain("{{");

  expect(text.replace(/\s+/g, " ")).toContain("Code XXXX-XXXX-XXXX-XXXX");

  // Issued from the template only once the draft is confirmed; the code in the text is the one that verifies.
  await ready(page);
  await page.getByLabel("Make it from the category's template").check();
  await page.getByTestId("issue-submit").click();
  await expect(page.getByText("Look at the draft, then tick this box to issue from the template")).toBeVisible();
  await page.getByLabel("I have checked the draft: issue the document from the template").check();
  await page.getByTestId("issue-submit").click();
  // The toast says where the document came from: no file was uploaded or "processed".
  await expect(page.getByText("Document issued from the category's template")).toBeVisible();
  await expect(page.getByText(/uploaded|processed/)).toHaveCount(0);
  const db2 = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  const issued = await db2.get<{ code: string }>(
    "SELECT verification_code AS code FROM issued_documents WHERE request_id = ? AND status = 'VALID'",
    request!.id,
  );
  await db2.close();
  const issuedPdf = await page.request.get(`/verify/${issued!.code}/document`);
  const issuedText = pdftotext(await issuedPdf.body());
  const grouped = issued!.code.match(/.{4}/g)!.join("-");
  expect(issuedText.replace(/\s+/g, " ")).toContain(`Code ${grouped}.`);
  expect(issuedText).toContain("Certificate of enrolment");
  expect(issuedText).not.toContain("DRAFT");
});
