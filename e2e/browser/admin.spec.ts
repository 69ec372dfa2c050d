import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import { DEMO, signIn, switchLanguage, uniqueNin } from "../support";

type Messages = Record<string, Record<string, unknown>>;
const LOCALES = {
  en: JSON.parse(fs.readFileSync("locales/en/common.json", "utf8")) as Messages,
  ar: JSON.parse(fs.readFileSync("locales/ar/common.json", "utf8")) as Messages,
};
const text = (lng: "en" | "ar", key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], LOCALES[lng]) as string;

/** A name inside a translated toast, isolated (U+2068 ... U+2069) so its direction cannot disturb the sentence. */
const isolated = (value: string) => `\u2068${value}\u2069`;

const save = (page: Page, lng: "en" | "ar") =>
  page
    .locator("main")
    .getByRole("button", { name: text(lng, "catalogue.save") })
    .click();

/**
 * Submits the open form empty (or with `fill`) in English, then in Arabic, and expects each message of
 * docs/product.md, Rules and messages under its field; returns to English.
 */
async function expectMessages(page: Page, messages: Record<string, string>, fill: Record<string, string> = {}) {
  for (const lng of ["en", "ar"] as const) {
    await switchLanguage(page, lng);
    for (const [name, value] of Object.entries(fill)) await page.locator(`main [name="${name}"]`).fill(value);
    await save(page, lng);
    for (const [field, key] of Object.entries(messages)) {
      await expect(page.locator(`[id$="-${field}-error"]`), `${lng} ${field}`).toHaveText(text(lng, key));
    }
  }
  await switchLanguage(page, "en");
}

async function fillPerson(page: Page, person: { first: string; last: string; email: string }) {
  await page.locator('input[name="firstName.english"]').fill(person.first);
  await page.locator('input[name="firstName.arabic"]').fill("هدى");
  await page.locator('input[name="lastName.english"]').fill(person.last);
  await page.locator('input[name="lastName.arabic"]').fill("سالم");
  await page.locator('input[name="email"]').fill(person.email);
  await page.locator('input[name="phone"]').fill("0790000001");
  await page.locator('input[name="nin"]').fill(uniqueNin());
  await page.locator('input[name="password"]').fill("Strong-Pass-1");
}

const ADMIN_FORM_MESSAGES = {
  "firstName.english": "validation.firstNameEnglishRequired",
  "firstName.arabic": "validation.firstNameArabicRequired",
  "lastName.english": "validation.lastNameEnglishRequired",
  "lastName.arabic": "validation.lastNameArabicRequired",
  email: "validation.invalidEmailFormat",
  phone: "validation.phoneRequired",
  nin: "validation.nationalIdRequired",
  password: "validation.passwordMin8",
};

test("a service admin onboards an organisation: its category, its admin, the client; the admin sees it; deactivated, they are signed out", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled !== false, "the JS-off journey");
  test.setTimeout(120_000);
  const stamp = Date.now();
  const categoryName = `Vocational schools ${stamp}`;
  const clientName = `Northern College ${stamp}`;
  const adminEmail = `huda.${stamp}@example.com`;
  await signIn(page, DEMO.SERVICE_ADMIN, undefined, "en");

  // A client category: 'Fee is required', 'Currency is required', 'Validity period is required'.
  await page.goto("/service-admin/client-categories-management/create");
  await expectMessages(
    page,
    { fee: "validation.feeRequired", validityPeriod: "validation.validityPeriodRequired" },
    { validityPeriod: "" },
  );
  await page.locator('input[name="name.english"]').fill(categoryName);
  await page.locator('input[name="name.arabic"]').fill("المدارس المهنية");
  await page.locator('input[name="fee"]').fill("12");
  await page.locator('input[name="validityPeriod"]').fill("365");
  await save(page, "en");
  await expect(page.getByText("The client category was created.")).toBeVisible();

  // A client admin without a client: the 'Admin form' messages and 'Job title is required'.
  await page.goto("/service-admin/client-admins-management");
  await page.getByRole("link", { name: "New client admin" }).first().click();
  await expectMessages(
    page,
    { ...ADMIN_FORM_MESSAGES, jobTitle: "validation.jobTitleRequired" },
    { email: "not-an-email", password: "short" },
  );
  await fillPerson(page, { first: "Huda", last: `Salem${stamp}`, email: adminEmail.toUpperCase() });
  await page.locator('input[name="jobTitle"]').fill("Director");
  await page.getByLabel("Can do attestation").check();
  await save(page, "en");
  await expect(page.getByText(`${isolated(`Huda Salem${stamp}`)} was created.`)).toBeVisible();
  await expect(page.getByTestId("person-client")).toHaveText("Not assigned to an organisation yet");
  const adminUrl = page.url();

  // The client, naming both: 'Address must be at least 6 characters', 'Client category is required'.
  await page.goto("/service-admin/clients-management");
  await page.getByRole("link", { name: "New client" }).first().click();
  await expectMessages(
    page,
    { "address.english": "validation.addressMin", clientCategoryId: "validation.clientCategoryRequired" },
    { "address.english": "Irbid" },
  );
  await page.locator('input[name="name.english"]').fill(clientName);
  await page.locator('input[name="name.arabic"]').fill("كلية الشمال");
  await page.locator('input[name="address.english"]').fill("Irbid, University Street");
  await page.locator('input[name="address.arabic"]').fill("إربد، شارع الجامعة");
  await page.locator('select[name="clientCategoryId"]').selectOption({ label: categoryName });
  await page.locator('select[name="clientAdminId"]').selectOption({ label: `Huda Salem${stamp}` });
  await save(page, "en");
  await expect(page.getByText(`${isolated(clientName)} was created.`)).toBeVisible();
  await expect(page.getByTestId("client-category")).toHaveText(categoryName);
  await expect(page.getByTestId("primary-admin")).toHaveText(`Huda Salem${stamp}`);
  await expect(page.getByTestId("client-admins")).toContainText(`Huda Salem${stamp}`);

  // The admin signs in (the email in any case) and sees their organisation.
  const adminContext = await browser.newContext({ javaScriptEnabled: false });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, adminEmail, "Strong-Pass-1", "en");
  await adminPage.goto("/client-admin/dashboard");
  await expect(adminPage.getByTestId("organisation")).toContainText(clientName);

  // Deactivated, after confirming: their very next request is signed out.
  await page.goto(adminUrl);
  await page.getByRole("link", { name: "Deactivate" }).click();
  await page.getByTestId("confirm-deactivate").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText(`${isolated(`Huda Salem${stamp}`)} was deactivated and signed out.`)).toBeVisible();
  await adminPage.goto("/client-admin/dashboard");
  await expect(adminPage).toHaveURL(/\/login\?redirectTo=/);
  await adminContext.close();
});

test("a super admin creates a service admin, in Arabic, who then signs in", async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled !== false, "the JS-off journey");
  test.setTimeout(60_000);
  const email = `omar.${Date.now()}@example.com`;
  await signIn(page, DEMO.SUPER_ADMIN, undefined, "en");
  await page.goto("/super-admin/dashboard");
  await page.getByTestId("entity-counts").getByRole("link", { name: "Service admins" }).click();
  await expect(page).toHaveURL(/\/super-admin\/service-admins-management$/);
  await page.getByRole("link", { name: "New service admin" }).first().click();
  await expectMessages(page, ADMIN_FORM_MESSAGES, { email: "omar@", password: "short" });
  await fillPerson(page, { first: "Omar", last: "Khatib", email: DEMO.CLERK.toUpperCase() });
  await save(page, "en");
  await expect(page.locator('[id$="-email-error"]')).toHaveText(text("en", "auth.emailTaken"));
  await expect(page.locator('input[name="firstName.english"]')).toHaveValue("Omar");
  await switchLanguage(page, "ar");
  await fillPerson(page, { first: "Omar", last: "Khatib", email });
  await save(page, "ar");
  await expect(
    page.getByText(text("ar", "admin.personCreated").replace("{{name}}", isolated("هدى سالم"))),
  ).toBeVisible();

  const other = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await signIn(otherPage, email, "Strong-Pass-1", "en");
  await expect(otherPage).toHaveURL(/\/service-admin\/dashboard$/);
  await expect(otherPage.getByTestId("sidebar-links")).toContainText("Clients");
  await other.close();
});
