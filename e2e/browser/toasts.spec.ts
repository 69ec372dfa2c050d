import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "../support";

test("a toast shows at the top; with JS it closes itself after three seconds, without JS it stays", async ({ page }, testInfo) => {
  await signIn(page, DEMO.CLERK, undefined, "en");
  await page.goto("/login");
  const toast = page.getByRole("region", { name: "Notifications" }).getByText("You are already logged in");
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeLessThan(100);
  expect(box.x).toBeGreaterThan((page.viewportSize()!.width / 2)); // top-right in English
  if (testInfo.project.use.javaScriptEnabled === false) {
    await page.waitForTimeout(3500);
    await expect(toast).toBeVisible();
  } else {
    await expect(toast).toBeHidden({ timeout: 4500 });
  }
});
