import { expect, test } from "@playwright/test";
import { DEMO, ready, signIn } from "../support";

test("a toast shows at the top end and closes itself after three seconds, with JS and without", async ({ page }) => {
  await signIn(page, DEMO.CLERK, undefined, "en");
  await page.goto("/login");
  const toast = page.getByRole("region", { name: "Notifications" }).getByText("You are already logged in");
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeLessThan(130);
  expect(box.x).toBeGreaterThan(page.viewportSize()!.width / 2);
  await page.waitForTimeout(2000);
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 2500 });
});

test("in Arabic a toast sits at the top left, clear of the avatar and the language switch, and closes with its button", async ({
  page,
}) => {
  await signIn(page, DEMO.CLERK, undefined, "ar");
  await page.goto("/login");
  await ready(page); // with JS, the toast floats once the page is hydrated
  const region = page.getByRole("region", { name: "الإشعارات" });
  const toast = region.getByRole("status").first();
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeLessThan(page.viewportSize()!.width / 2); // top-left in Arabic: the end of a right-to-left page
  for (const covered of [
    page.locator("[data-testid=user-menu] summary").first(),
    page.locator('header form[action="/language"]').first(),
  ]) {
    const other = (await covered.boundingBox())!;
    // Above the whole page, with JS and without: never over them.
    const clear = box.y >= other.y + other.height || box.y + box.height <= other.y;
    expect(clear, "the toast covers none of the top bar's controls").toBe(true);
  }
  await toast.getByRole("link", { name: "إغلاق" }).click();
  await expect(region.getByRole("status")).toHaveCount(0);
});
