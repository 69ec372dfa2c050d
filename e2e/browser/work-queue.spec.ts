import { expect, test } from "@playwright/test";
import { DEMO, ready, signIn } from "../support";

test("from the clerk's dashboard a pending request is two clicks away; the queue filters and orders without JS", async ({
  page,
}) => {
  await signIn(page, DEMO.CLERK, undefined, "en");
  await expect(page).toHaveURL("/clerks/dashboard");
  // One: the Pending figure opens the queue filtered by it.
  await page.getByTestId("status-counts").locator('dd[data-status="PENDING"] a').click();
  await expect(page).toHaveURL(/\/clerks\/requests\?status=PENDING$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Work queue");
  const rows = page.getByTestId("staff-requests").locator("tbody tr");
  await expect(rows.first()).toContainText("Pending");
  for (const badge of await rows.locator("td:nth-child(4)").allTextContents()) expect(badge).toBe("Pending");
  // Oldest first, with the age.
  const ids = (await rows.locator("td:first-child").allTextContents()).map(Number);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  await expect(rows.first().getByTestId("age")).toContainText("days ago");
  // Two: the request.
  await rows.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/clerks/document-categories/request/${ids[0]}$`));

  // The filters, as a GET form: category, then newest first.
  await page.goto("/clerks/requests");
  await ready(page);
  await page.getByLabel("Document", { exact: true }).selectOption({ index: 1 });
  const category = await page.getByLabel("Document", { exact: true }).locator("option:checked").textContent();
  await page.getByLabel("Order").selectOption("newest");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/category=\d+/);
  await expect(rows.locator("td:nth-child(3)").filter({ hasNotText: category! })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  const newest = (await rows.locator("td:first-child").allTextContents()).map(Number);
  expect(newest).toEqual([...newest].sort((a, b) => b - a));
});

test("every figure of the dashboards is a link; the beneficiary's latest requests too", async ({ page }) => {
  await signIn(page, DEMO.SUPER_ADMIN, undefined, "en");
  await expect(page.getByTestId("entity-counts")).toBeVisible();
  const figures = page.getByTestId("entity-counts").locator("dd");
  const count = await figures.count();
  expect(count).toBeGreaterThan(8);
  for (let index = 0; index < count; index++) await expect(figures.nth(index).locator("a")).toHaveCount(1);
  const issued = await page.locator('dd[data-count="issuedDocuments"] a').getAttribute("href");
  expect(issued).toBe("/super-admin/requests?status=COMPLETED");
  expect((await page.request.get(issued!)).status()).toBe(200);

  const beneficiary = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
  await signIn(beneficiary, DEMO.BENEFICIARY, undefined, "en");
  await beneficiary.getByTestId("latest-requests").getByRole("link").first().click();
  await expect(beneficiary).toHaveURL(/\/beneficiary\/request-document\/\d+$/);
  await beneficiary.close();
});
