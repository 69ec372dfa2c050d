import { expect, test } from "@playwright/test";
import { DEMO, ready, signIn } from "../support";

test("a toast shows at the top; with JS it closes itself after three seconds, without JS it stays", async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.CLERK, undefined, "en");
  await page.goto("/login");
  const toast = page.getByRole("region", { name: "Notifications" }).getByText("You are already logged in");
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeLessThan(130);
  // With JS it floats top-right in English; without JS it stands above the page, across it.
  if (testInfo.project.use.javaScriptEnabled !== false) expect(box.x).toBeGreaterThan(page.viewportSize()!.width / 2);
  if (testInfo.project.use.javaScriptEnabled === false) {
    await page.waitForTimeout(3500);
    await expect(toast).toBeVisible();
  } else {
    await expect(toast).toBeHidden({ timeout: 4500 });
  }
});

test("in Arabic a toast sits below the top bar, clear of the avatar and the language switch, and closes with its button", async ({
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
    page.locator("header summary").first(),
    page.locator('header form[action="/language"]').first(),
  ]) {
    const other = (await covered.boundingBox())!;
    // With JS below the top bar's controls; without JS above the whole page: never over them.
    const clear = box.y >= other.y + other.height || box.y + box.height <= other.y;
    expect(clear, "the toast covers none of the top bar's controls").toBe(true);
  }
  await toast.getByRole("link", { name: "إغلاق" }).click();
  await expect(region.getByRole("status")).toHaveCount(0);
});
