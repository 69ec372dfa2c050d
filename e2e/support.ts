import { expect, test, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-Pass-2026";

export const DEMO = {
  SUPER_ADMIN: "superadmin@example.com",
  SERVICE_ADMIN: "serviceadmin@example.com",
  CLIENT_ADMIN: "clientadmin@example.com",
  CLERK: "clerk@example.com",
  BENEFICIARY: "beneficiary@example.com",
} as const;

export type DemoRole = keyof typeof DEMO;

/** With JS on, waits until the page is hydrated (typing earlier goes to the server-rendered form). */
export async function ready(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  if ((await page.locator("script[type=module]").count()) === 0) return; // the script-free pages (verification)
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Chooses the language with the switch on the current page (works with and without JS). */
export async function switchLanguage(page: Page, lng: "ar" | "en") {
  await page.locator(`form[action="/language"] button[value="${lng}"]`).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
  await ready(page);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, lng?: "ar" | "en") {
  await page.goto("/login");
  if (lng) await switchLanguage(page, lng);
  else await ready(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[method="post"] button[type="submit"]').last().click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** Field errors as the page shows them. */
export const errorText = (page: Page, name: string) => page.locator(`[id$="${name}-error"]`);

/** Codes of the demo data's issued documents, read from the e2e server's database. */
export async function demoCodes() {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database("e2e/.tmp/data/app.db", { readonly: true, fileMustExist: true });
  const rows = db
    .prepare("SELECT verification_code AS code, status, expiry_date AS expiry, secure_plus_enabled AS sp, beneficiary_id FROM issued_documents ORDER BY id")
    .all() as { code: string; status: string; expiry: string; sp: number; beneficiary_id: number }[];
  db.close();
  const now = new Date().toISOString();
  const find = (test: (row: (typeof rows)[number]) => boolean) => rows.find(test)!.code;
  return {
    VALID: find((row) => row.status === "VALID" && row.expiry > now && !row.sp),
    EXPIRED: find((row) => row.status === "VALID" && row.expiry < now),
    REVOKED: find((row) => row.status === "REVOKED"),
    SECURE_PLUS: find((row) => row.sp === 1),
  };
}
