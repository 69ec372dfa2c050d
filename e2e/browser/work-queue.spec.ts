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
  await expect(page).toHaveURL(new RegExp(`/clerks/document-categories/request/${ids[0]}\\?back=`));

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

test("a clerk keeps their place: the request, its Back link, a status update and an edit return to the queue as it was", async ({
  page,
}) => {
  await signIn(page, DEMO.CLERK, undefined, "en");
  await page.goto("/clerks/requests");
  await ready(page);
  // Rejected requests: no other test changes them, and saving one's status as it is changes nothing either.
  await page.getByLabel("Status").selectOption("REJECTED");
  await page.getByLabel("Order").selectOption("newest");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=REJECTED/);
  const list = new URL(page.url());
  const place = `${list.pathname}${list.search}`;
  const rows = page.getByTestId("staff-requests").locator("tbody tr");
  // The filtered table, not the one it replaces: with JS the address can change a moment before the rows do (CI read
  // the id of the unfiltered list's first row, a pending request, then waited for it in the rejected ones).
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: "Rejected" })).toHaveCount(0);
  const id = Number(await rows.first().locator("td:first-child").textContent());
  const open = async () => {
    await page
      .getByTestId("staff-requests")
      .getByRole("link", { name: String(id), exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Document Request #${id}`);
    await ready(page);
  };
  const backAt = async () => {
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === place);
    await expect(page.getByLabel("Order")).toHaveValue("newest");
  };

  // With JS the row's link (a plain anchor) is followed inside the app, as a `<Link>` is: no new document loads.
  await page.evaluate(() => Object.assign(window, { keptAcrossTheClick: true }));
  await open();
  expect(await page.evaluate(() => "keptAcrossTheClick" in window)).toBe(
    test.info().project.use.javaScriptEnabled !== false,
  );
  await expect(page.getByRole("link", { name: "Back to the requests" })).toHaveAttribute("href", place);
  await page.getByRole("link", { name: "Back to the requests" }).click();
  await backAt();

  // A status update (the status kept as it was) returns to the queue, with a toast that links to the request.
  await open();
  await page.getByRole("link", { name: "Update Status" }).click();
  await page.getByTestId("status-dialog").getByRole("button", { name: "Save" }).click();
  await backAt();
  await expect(page.getByText("Status updated")).toBeVisible();

  // An edit too, and its own Back link goes to the request as it was opened.
  await open();
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute(
    "href",
    new RegExp(`/request/${id}\\?back=${encodeURIComponent(place).replace(/[.?*+^$()[\]{}|\\]/g, "\\$&")}$`),
  );
  await page.getByRole("button", { name: "Save" }).click();
  await backAt();
  await expect(page.getByText("The request was updated.")).toBeVisible();
});
