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
