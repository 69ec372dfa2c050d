import { expect, test } from "@playwright/test";
import { addNotification, ready, registerBeneficiary } from "../support";

test("the bell counts unread notifications up and down; each opens its page", async ({ page }) => {
  const email = await registerBeneficiary(page, "en");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAttribute("href", "/notifications");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  await addNotification(email, { en: "First news", ar: "الخبر الأول" }, "/beneficiary/request-document");
  await addNotification(email, { en: "Second news", ar: "الخبر الثاني" }, "/profile");
  await page.reload();
  await expect(page.getByTestId("notification-count")).toHaveText("2");
  await expect(bell).toHaveAccessibleName("Notifications: 2 unread");

  await bell.click();
  await expect(page).toHaveURL("/notifications");
  await ready(page);
  await expect(page.getByTestId("notifications").locator("li")).toHaveCount(2);
  await page.getByRole("button", { name: "Second news" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByTestId("notification-count")).toHaveText("1");

  await page.goto("/notifications");
  await ready(page);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("All your notifications are marked as read.")).toBeVisible();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
});
