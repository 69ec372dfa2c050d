import { expect, test, type Page } from "@playwright/test";
import { parseCsv } from "../../app/test/csv";
import { DEMO, OTHER_CLIENT, ready, signIn } from "../support";

async function downloadCsv(page: Page) {
  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  const download = await downloading;
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ""));
  return records.map((record) => Object.fromEntries(header.map((name, index) => [name, record[index]])));
}

/**
 * The audit trail as its readers reach it (docs/architecture.md §22): the super admin from the sidebar, filtering by
 * person and action and downloading what the filters select; a client admin sees their organisation's events only.
 */
test("the super admin reads the audit trail by person and action and downloads it; a client admin reads their client's", async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.SUPER_ADMIN, undefined, "en");
  await page.getByTestId("sidebar-links").getByRole("link", { name: "Audit trail" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit trail");
  await ready(page);
  await page.locator("#q").fill(DEMO.SUPER_ADMIN);
  await page.locator("#action").selectOption({ label: "Sign-in and accounts" });
  await page.getByRole("button", { name: "Apply" }).click();
  // The newest event was already the super admin's sign-in before the filters applied: wait for the filtered page
  // (its address and its download link carry the filters) before reading it.
  await expect(page).toHaveURL(/[?&]q=superadmin%40example\.com/);
  await expect(page.getByTestId("export-csv")).toHaveAttribute("href", /q=superadmin%40example\.com/);
  const rows = page.getByTestId("audit-trail").locator("tbody tr");
  await expect(rows.first()).toContainText("Signed in");
  await expect(rows.first()).toContainText(DEMO.SUPER_ADMIN);
  const events = await downloadCsv(page);
  expect(events.length).toBeGreaterThan(0);
  expect(new Set(events.map((event) => event.Person))).toEqual(new Set([DEMO.SUPER_ADMIN]));
  expect(events.every((event) => event.Action === "Signed in" || event.Action.length > 0)).toBe(true);
  expect(events[0]["Request id"]).toMatch(/^[\w.:-]+$/);

  // The HTTP request id is a detail of the event's time, not a column beside the request numbers.
  await expect(page.getByTestId("audit-trail").locator("thead")).not.toContainText("Request id");
  await expect(page.getByText("npm run audit:verify")).toBeVisible();

  // Their clerk signs in: the client admin finds it under "Sign-in and accounts", and no command line.
  const clerk = await browser.newPage();
  await signIn(clerk, OTHER_CLIENT.CLERK, undefined, "en");
  await clerk.close();
  const other = await browser.newPage();
  await signIn(other, OTHER_CLIENT.CLIENT_ADMIN, undefined, "en");
  await other.goto("/client-admin/audit");
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Audit trail");
  await expect(other.getByText("npm run")).toHaveCount(0);
  await ready(other);
  await other.locator("#q").fill(OTHER_CLIENT.CLERK);
  await other.locator("#action").selectOption({ label: "Sign-in and accounts" });
  await other.getByRole("button", { name: "Apply" }).click();
  await expect(other).toHaveURL(/action=auth/);
  const theirRows = other.getByTestId("audit-trail").locator("tbody tr");
  await expect(theirRows.first()).toContainText("Signed in");
  await expect(theirRows.first()).toContainText(OTHER_CLIENT.CLERK);
  await expect(theirRows.first()).toContainText(/Account #\d+/);
  await other.goto("/client-admin/audit");
  // No organisation filter for them, and nothing of another organisation in what they download.
  await expect(other.locator("#client")).toHaveCount(0);
  const theirs = await downloadCsv(other);
  expect(theirs.length).toBeGreaterThan(0);
  expect(new Set(theirs.map((event) => event.Organisation))).toEqual(new Set(["Ministry of Labour"]));
  await other.close();
});
