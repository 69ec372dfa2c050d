import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, ready, signIn, switchLanguage, type DemoRole } from "../support";

/** Key pages of each role (issue 14, point 8); each is checked in Arabic and in English. */
const PAGES: { who: DemoRole | null; paths: string[] }[] = [
  { who: null, paths: ["/", "/login", "/register", "/verify", "/public-announcements/new-opening-hours-of-the-registry"] },
  { who: "BENEFICIARY", paths: ["/beneficiary/dashboard", "/beneficiary/request-document", "/beneficiary/attestations", "/beneficiary/attestations/create"] },
  { who: "CLERK", paths: ["/clerks/dashboard", "/clerks/requests", "/clerks/document-categories/request/1", "/clerks/attestations", "/clerks/public-announcements"] },
  { who: "SUPER_ADMIN", paths: ["/super-admin/dashboard", "/super-admin/clients-management", "/notifications", "/profile"] },
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 5).join(" | ")}`);
}

for (const group of PAGES) {
  test(`no serious or critical accessibility violation: ${group.who ?? "public"} pages, in Arabic and English`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "axe runs in the page: JS on");
    test.setTimeout(120_000);
    if (group.who) await signIn(page, DEMO[group.who]);
    const found: string[] = [];
    for (const lng of ["ar", "en"] as const) {
      await page.goto(group.paths[0]);
      await switchLanguage(page, lng); // the cookie keeps the language for the pages that follow
      for (const path of group.paths) {
        await page.goto(path);
        await ready(page);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        for (const violation of await seriousViolations(page)) found.push(`${lng} ${path}: ${violation}`);
      }
    }
    expect(found).toEqual([]);
  });
}
