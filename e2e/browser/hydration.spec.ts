import { expect, test, type Page } from "@playwright/test";
import { DEMO, ready, signIn, switchLanguage } from "../support";

/**
 * The browser's translator (docs/decisions/0020) must say every string as the server's i18next did, or React
 * throws the server's markup away and renders the page again (a hydration error in the console, a flash on a slow
 * phone). Each page is opened in both languages with JS and must hydrate without an error.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "hydration needs JavaScript");

async function hydratesCleanly(page: Page, paths: string[]) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const lng of ["ar", "en"] as const) {
    await page.goto(paths[0]);
    await switchLanguage(page, lng);
    for (const path of paths) {
      await page.goto(path);
      await ready(page);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
    }
  }
  expect(errors).toEqual([]);
}

test("the sign-in and registration pages hydrate in both languages without an error", async ({ page }) => {
  await hydratesCleanly(page, ["/login", "/register", "/forgot-password"]);
});

test("the beneficiary's pages hydrate in both languages without an error", async ({ page }) => {
  await signIn(page, DEMO.BENEFICIARY);
  await hydratesCleanly(page, [
    "/beneficiary/request-document",
    "/beneficiary/request-document/create",
    "/beneficiary/attestations",
    "/profile",
  ]);
});

test("the clerk's pages hydrate in both languages without an error", async ({ page }) => {
  await signIn(page, DEMO.CLERK);
  await hydratesCleanly(page, ["/clerks/dashboard", "/clerks/requests", "/clerks/document-categories/requests/1"]);
});
