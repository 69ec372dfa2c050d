import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { parseCsv } from "../../app/test/csv";
import { pdftotext } from "../../app/test/pdf";
import { baseURL, E2E_DATABASE_URL } from "../../playwright.config";
import { openServerDatabase } from "../server-db";
import { DEMO, DEMO_PASSWORD, OTHER_CLIENT, ready, wcagViolations, signIn, switchLanguage } from "../support";

/**
 * Bulk issuance as staff reach it (docs/architecture.md §21): the category's page, a template, a file checked (the
 * dry run names each problem's row and column, in English and Arabic, and writes nothing), then issued by a job whose
 * page follows it to the end; the results downloaded and parsed, a code verified, the PDF read back.
 * Each project its own organisation's second category (the template test takes the first ones): the third
 * organisation's as the super admin with JS, the Ministry of Labour's as its clerk without.
 */
const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`),
});

async function downloadText(page: Page, testId: string) {
  const downloading = page.waitForEvent("download");
  await page.getByTestId(testId).click();
  const download = await downloading;
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

test("staff check a file, issue its rows in bulk, follow the job and download the results", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const jsOff = testInfo.project.use.javaScriptEnabled === false;
  const run = `${jsOff ? "off" : "on"}${Date.now() % 100000}`;
  await signIn(page, jsOff ? OTHER_CLIENT.CLERK : DEMO.SUPER_ADMIN, undefined, "en");
  const base = jsOff ? "/clerks/document-categories" : "/super-admin/document-categories-management";
  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  const category = await db.get<{ id: number }>(
    "SELECT id FROM document_categories WHERE client_id = ? ORDER BY id LIMIT 1 OFFSET 1",
    jsOff ? 2 : 3,
  );
  const fields = await db.all<{ field_name: string; field_type: string; is_required: number }>(
    "SELECT field_name, field_type, is_required FROM document_required_fields WHERE document_category_id = ? ORDER BY id",
    category!.id,
  );
  const beneficiary = await db.get<{ nin: string; first_name_en: string }>(
    "SELECT nin, first_name_en FROM users WHERE email = ?",
    DEMO.BENEFICIARY,
  );
  await db.close();
  const categoryId = category!.id;

  // The category's template, written in its editor.
  await page.goto(`${base}/${categoryId}`);
  await page.getByRole("link", { name: "Document template" }).click();
  await ready(page);
  await page.locator('input[name="title.english"]').fill("Certificate");
  await page.locator('input[name="title.arabic"]').fill("شهادة");
  await page.locator('textarea[name="body.english"]').fill(`Issued in bulk to {{beneficiary.name.en}}, ref ${run}.`);
  await page.locator('textarea[name="body.arabic"]').fill("صدرت إلى {{beneficiary.name.ar}}.");
  await page.getByRole("button", { name: "Save the template" }).click();
  await expect(page.getByText("The template was saved.")).toBeVisible();

  // The bulk page, from the category's page: the columns it takes.
  await page.getByRole("link", { name: "Issue in bulk from a file" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Issue in bulk:");
  for (const field of fields) await expect(page.getByTestId("bulk-columns")).toContainText(field.field_name);
  await ready(page);

  // A sample file in each format, read back as a spreadsheet program would: the columns in the check's order and an
  // example row, which the dry run takes as it is.
  const bulkPage = page.url();
  for (const format of ["csv", "xlsx"] as const) {
    const downloading = page.waitForEvent("download");
    await page.getByTestId(`sample-${format}`).click();
    const body = Buffer.concat(await (await (await downloading).createReadStream()).toArray());
    let sample: string[][];
    if (format === "csv") sample = parseCsv(body.toString("utf8").replace(/^\uFEFF/, ""));
    else {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
      sample = workbook.worksheets[0]
        .getSheetValues()
        .filter(Boolean)
        .map((values) =>
          (values as unknown[]).slice(1).map((cell) => (cell === null || cell === undefined ? "" : String(cell))),
        );
    }
    expect(sample[0].slice(0, 3)).toEqual(["national_id", "email", "first_name_en"]);
    expect(sample[0].at(-1)).toBe("expiry_date");
    for (const field of fields)
      expect(sample[0]).toContain(
        ["email", "phone"].includes(field.field_name) ? `field.${field.field_name}` : field.field_name,
      );
    expect(sample[1][1]).toBe("sara.haddad@example.com");
  }
  await page.locator("#file").setInputFiles({
    name: "sample.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(await (await page.request.get(`${bulkPage}/sample?format=csv`)).body()),
  });
  await page.getByRole("button", { name: "Check the file (nothing is issued)" }).click();
  await expect(page.getByText("All 1 rows are valid", { exact: false })).toBeVisible();
  await page.goto(bulkPage);
  await ready(page);

  // Values of the category's fields, by type (a field named like a person's column is written `field.<name>`).
  const value = (type: string, i: number) =>
    ({ number: String(10 + i), date: "2024-06-30", email: `field${i}@example.com`, phone: "0790000000" })[type] ??
    `Value ${i}`;
  const fieldHeader = fields.map((field) =>
    ["email", "phone"].includes(field.field_name) ? `field.${field.field_name}` : field.field_name,
  );
  const header = [
    "national_id",
    "email",
    "first_name_en",
    "last_name_en",
    "first_name_ar",
    "last_name_ar",
    ...fieldHeader,
    "expiry_date",
  ];
  const row = (person: string[], i: number, expiry = "") =>
    [...person, ...fields.map((field) => value(field.field_type, i)), expiry].join(",");

  // A file with problems: each named by row and column, nothing written. The dry run knows only the organisation's
  // own people (docs/decisions/0022): the Ministry's own clerk is "not a beneficiary's"; the third organisation has
  // no staff, and another organisation's clerk reads there as anyone else would (a new person, named in the row).
  const names = ["Some", "Person", "شخص", "ما"];
  const bad = csvFile("bad.csv", [
    header.join(","),
    row([beneficiary!.nin, DEMO.BENEFICIARY, ...names], 1),
    row(["", DEMO.BENEFICIARY, ...names], 2),
    row(["", jsOff ? OTHER_CLIENT.CLERK : DEMO.CLERK, ...names], 3),
    row(["", `past-${run}@example.com`, "Past", "Person", "ماضٍ", "شخص"], 4, "2020-01-01"),
    row(["", `soon-${run}@example.com`, "Soon", "Person", "قريب", "شخص"], 5, "someday"),
  ]);
  const check = async (file: ReturnType<typeof csvFile>, button: string) => {
    await page.locator("#file").setInputFiles(file);
    await page.getByRole("button", { name: button }).click();
  };
  await check(bad, "Check the file (nothing is issued)");
  const problems = page.getByTestId("bulk-problems").locator("tbody tr");
  const expected = [
    /3\s+email\s+Also in row 2: one document per person in a file/,
    ...(jsOff ? [/4\s+email\s+This account is not a beneficiary's/] : []),
    /5\s+expiry_date\s+2020-01-01 is not after today/,
    /6\s+expiry_date\s+“someday” is not a date/,
  ];
  await expect(problems).toHaveCount(expected.length);
  const texts = await problems.allInnerTexts();
  expected.forEach((pattern, index) => expect(texts[index]).toMatch(pattern));
  // "Check and issue" with the same file issues nothing either.
  await check(bad, "Check and issue the documents");
  await expect(page.getByText(`Problems found: ${expected.length}. Nothing was written`)).toBeVisible();
  const unknown = csvFile("unknown.csv", ["email,colour", "a@example.com,red"]);
  await check(unknown, "Check the file (nothing is issued)");
  await expect(problems.first()).toContainText("colour");
  await expect(problems.first()).toContainText("No such column: use those listed above");
  if (!jsOff) expect(await wcagViolations(page)).toEqual([]);
  // The same report in Arabic.
  await switchLanguage(page, "ar");
  await check(bad, "افحص الملف (دون إصدار)");
  await expect(problems.nth(0)).toContainText("مكرر في الصف 2");
  if (jsOff) await expect(problems.nth(1)).toContainText("هذا الحساب ليس حساب مستفيد");
  await switchLanguage(page, "en");
  const db2 = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  expect(await db2.get("SELECT id FROM users WHERE email = ?", `past-${run}@example.com`)).toBeUndefined();
  await db2.close();

  // A good file: one person with an account (found by its email when the job runs; named in the row, as the
  // organisation may not know them), four without.
  const people = [[beneficiary!.nin, DEMO.BENEFICIARY, ...names]];
  for (let i = 1; i <= 4; i++)
    people.push(["", `bulk-${run}-${i}@example.com`, `Bulk${i}`, `Person ${run}`, `جماعي${i}`, "شخص"]);
  const good = csvFile("graduates.csv", [header.join(","), ...people.map((person, i) => row(person, i))]);
  await check(good, "Check the file (nothing is issued)");
  await expect(page.getByText("All 5 rows are valid.")).toBeVisible();
  // The success callout, and the template's success toast above it, read at WCAG AA's contrast.
  if (!jsOff) expect(await wcagViolations(page)).toEqual([]);
  await check(good, "Check and issue the documents");
  await expect(page.getByText("The job started: 5 documents to issue.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bulk issuance");
  // The page follows the job to its end by itself (a meta refresh without JS, revalidation with it).
  await expect(page.getByTestId("bulk-status")).toContainText("Finished", { timeout: 60_000 });
  await expect(page.getByTestId("bulk-progress")).toHaveAttribute("value", "5");
  if (!jsOff) expect(await wcagViolations(page)).toEqual([]);
  const jobPath = new URL(page.url()).pathname;

  // The results, as CSV and as Excel: a code and a link a row.
  const csvBytes = await downloadText(page, "bulk-results-csv");
  const [csvHeader, ...records] = parseCsv(csvBytes.toString("utf8").replace(/^\uFEFF/, ""));
  expect(csvHeader).toEqual([
    "Row",
    "Status",
    "national_id",
    "email",
    "Verification code",
    "Verification link",
    "Problem",
  ]);
  expect(records.map((record) => record[1])).toEqual(Array(5).fill("Issued"));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await downloadText(page, "bulk-results-xlsx")) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet.rowCount).toBe(6);
  expect(String(sheet.getRow(2).getCell(5).value)).toBe(records[0][4]);

  // A document verifies, and is the template's, filled from its row.
  const link = new URL(records[1][5]);
  const verify = await page.request.get(link.pathname);
  expect(await verify.text()).toContain("Valid");
  const pdf = await page.request.get(`${link.pathname}/document`);
  const text = pdftotext(await pdf.body()).replace(/\s+/g, " ");
  expect(text).toContain(`Issued in bulk to Bulk1 Person ${run}, ref ${run}.`);

  // The job is its organisation's: another organisation's clerk is told it does not exist, a beneficiary may not look.
  for (const [email, status] of [
    [jsOff ? DEMO.CLERK : OTHER_CLIENT.CLERK, 404],
    [DEMO.BENEFICIARY, 403],
  ] as const) {
    const other = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
    await other.post("/login", { form: { email, password: DEMO_PASSWORD } });
    const path =
      email === DEMO.BENEFICIARY
        ? jobPath
        : jobPath.replace(/^\/super-admin\/document-categories-management/, "/clerks/document-categories");
    expect((await other.get(path, { maxRedirects: 0 })).status(), email).toBe(status);
    expect((await other.get(`${path}/export?format=csv`, { maxRedirects: 0 })).status(), email).toBe(status);
    await other.dispose();
  }

  // On a phone, nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 700 });
  await page.reload();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});
