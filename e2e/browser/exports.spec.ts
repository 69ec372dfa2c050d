import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import * as XLSX from "xlsx";
import { baseURL } from "../../playwright.config";
import { parseCsv } from "../../app/test/csv";
import { ROLE_OF_AREA, ROUTES } from "../route-table";
import { DEMO, signIn, type DemoRole, uniqueNin } from "../support";

/**
 * Every staff list's "Export" links, clicked in Chromium through the production server (Arabic with JS, English without):
 * a download named with the list and the day, read back as a spreadsheet program would. CSV: UTF-8 with
 * a BOM, the header in the user's language, one line per row, formulas neutralised. Excel (read with
 * SheetJS, a second library): the same header, dates as dates, phone numbers and ids as text, and an
 * Arabic sheet right to left.
 */
const ROLE_OF: Record<string, DemoRole> = { ...ROLE_OF_AREA, shared: "SUPER_ADMIN" };
/** Every list with a download (routes.ts mounts it at `{list}/export`), by the role that opens it. */
const LISTS = ROUTES.filter((route) => route.path.endsWith("/export")).map((route) => ({
  path: route.path.slice(0, -"/export".length),
  role: ROLE_OF[route.area ?? "shared"],
}));

const HEADER_WORDS = { en: /^(Request number|Number),/, ar: /^[\u0600-\u06FF]/ };

async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

/** The list's CSV and Excel downloads, read. */
async function downloadBoth(page: Page) {
  const csv = await download(page, "export-csv");
  const xlsx = await download(page, "export-xlsx");
  const book = XLSX.read(xlsx.bytes, { type: "buffer", cellDates: true, bookFiles: true });
  const table = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true });
  return { csv, xlsx, rows: parseCsv(csv.bytes.subarray(3).toString("utf8")), book, table };
}

test("the lists with a download are the staff lists of every area", () => {
  expect(LISTS.map((list) => list.path)).toEqual(
    expect.arrayContaining([
      "/clerks/requests",
      "/clerks/attestations",
      "/clerks/public-announcements",
      "/super-admin/beneficiaries-management",
      "/service-admin/client-categories-management",
      "/client-admin/clerk-users",
    ]),
  );
  expect(LISTS.length).toBeGreaterThanOrEqual(20);
});

for (const lng of ["ar", "en"] as const) {
  for (const role of [...new Set(LISTS.map((list) => list.role))]) {
    test(`${role} downloads every list they see as CSV and Excel, in ${lng}`, async ({ page }) => {
      // The files are the server's; JS changes only the click. So each language is downloaded in one of the two
      // browser projects: Arabic with JS, English without (the CI's time: CONTRIBUTING.md).
      test.skip(test.info().project.use.javaScriptEnabled === (lng === "en"), "the other browser project downloads it");
      test.setTimeout(120_000);
      await signIn(page, DEMO[role], undefined, lng);
      const today = new Date().toISOString().slice(0, 10);
      let downloaded = 0;
      for (const list of LISTS.filter((candidate) => candidate.role === role)) {
        const response = await page.goto(list.path);
        if (response?.status() !== 200) continue; // a list outside this role's capabilities (the matrix checks it)
        downloaded++;
        // Tests running beside this one register people and make requests: when a row came between the two
        // downloads, both are taken again (the same list, read twice at the same moment, has the same rows).
        let both = await downloadBoth(page);
        for (let again = 0; again < 3 && both.table.length !== both.rows.length; again++)
          both = await downloadBoth(page);
        const { csv, xlsx, rows, book, table } = both;
        expect(csv.name, list.path).toMatch(new RegExp(`^[a-z-]+-${today}\\.csv$`));
        expect([...csv.bytes.subarray(0, 3)], list.path).toEqual([0xef, 0xbb, 0xbf]);
        expect(rows[0].join(","), list.path).toMatch(HEADER_WORDS[lng]);
        for (const row of rows) expect(row.length, `${list.path}: ${row.join(",")}`).toBe(rows[0].length);
        for (const field of rows.slice(1).flat()) expect(field, list.path).not.toMatch(/^[=+\-@]/);

        expect(xlsx.name, list.path).toBe(csv.name.replace(/\.csv$/, ".xlsx"));
        expect(table[0], list.path).toEqual(rows[0]);
        expect(table.length, list.path).toBe(rows.length);
        const sheetXml = String(
          (book as unknown as { files: Record<string, { content: Buffer }> }).files["xl/worksheets/sheet1.xml"].content,
        );
        expect(sheetXml.includes('rightToLeft="1"'), list.path).toBe(lng === "ar");
        // Dates as dates; phone numbers and national ids as text, as the CSV has them.
        rows[0].forEach((header, column) => {
          const cells = table.slice(1).map((row) => row[column]);
          if (/date|تاريخ|created|updated|published|decided/i.test(header))
            for (const cell of cells)
              if (cell !== undefined) expect(cell, `${list.path} ${header}`).toBeInstanceOf(Date);
          if (/phone|national|هاتف|الوطني/i.test(header))
            cells.forEach(
              (cell, row) => cell !== undefined && expect(cell, `${list.path} ${header}`).toBe(rows[row + 1][column]),
            );
        });
      }
      expect(downloaded).toBeGreaterThanOrEqual(role === "SUPER_ADMIN" ? 10 : 3);
    });
  }
}

test("a planted formula never reaches a spreadsheet as one, whichever of , ; tab or | it splits on", async ({
  page,
}) => {
  const email = `formula-${Date.now()}@example.com`;
  const fields = {
    "firstName.english": "Ali;=1+2",
    "firstName.arabic": '"=1"',
    "fatherName.english": "x,=1",
    "fatherName.arabic": "\t=1",
    "lastName.english": "@SUM(A1)",
    "lastName.arabic": "a|=HYPERLINK(1)",
    email,
    phone: "0790000004",
    nin: uniqueNin(),
    password: "Long-Enough-1",
    confirmPassword: "Long-Enough-1",
  };
  const registered = await fetch(`${baseURL}/register`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  expect(registered.status).toBe(302);
  await signIn(page, DEMO.SUPER_ADMIN, undefined, "en");
  await page.goto(`/super-admin/beneficiaries-management?q=${encodeURIComponent(email)}`);
  const csv = await download(page, "export-csv");
  const text = csv.bytes.subarray(3).toString("utf8");
  // The name is kept, its formula after the `;` defused by an apostrophe of its own.
  expect(text).toContain("Ali;'=1+2");
  for (const delimiter of [",", ";", "\t", "|"]) {
    const rows = parseCsv(text, delimiter);
    for (const cell of rows.flat()) expect(cell, `${delimiter}: ${JSON.stringify(cell)}`).not.toMatch(/^[\s"]*[=+\-@]/);
  }
});
