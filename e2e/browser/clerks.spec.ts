import { expect, test } from "@playwright/test";
import { DEMO, ready, signIn, uniqueNin } from "../support";

test("a client admin creates a clerk, deactivates them (their session ends) and reactivates them", async ({
  browser,
  page,
}) => {
  const email = `clerk-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signIn(page, DEMO.CLIENT_ADMIN, undefined, "en");
  await page.getByTestId("sidebar-links").getByRole("link", { name: "Clerks", exact: true }).click();
  await expect(page).toHaveURL("/client-admin/clerks");
  await ready(page);
  await page.getByRole("link", { name: "New clerk" }).first().click();
  await ready(page);
  const fill = (name: string, value: string) => page.locator(`main [name="${name}"]`).fill(value);
  await fill("firstName.english", "Rana");
  await fill("firstName.arabic", "رنا");
  await fill("lastName.english", "Odeh");
  await fill("lastName.arabic", "عودة");
  await fill("email", email);
  await fill("phone", "0791112222");
  await fill("nin", uniqueNin());
  await fill("jobTitle", "Registrar");
  await fill("password", "Clerk-Pass-123");
  await page.locator("main").getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/client-admin\/clerks\/\d+$/);
  const clerkPage = page.url();
  await expect(page.getByTestId("person-client")).toHaveText("Demo University");

  // The new clerk signs in elsewhere.
  const other = await browser.newContext();
  const clerk = await other.newPage();
  await signIn(clerk, email, "Clerk-Pass-123", "en");
  await expect(clerk).toHaveURL("/clerks/dashboard");

  await page.reload();
  await expect(page.getByTestId("open-sessions")).toHaveText("1");
  await page.getByRole("link", { name: "Deactivate" }).click();
  await ready(page);
  await page.getByTestId("confirm-deactivate").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("Inactive").first()).toBeVisible();
  await expect(page.getByTestId("open-sessions")).toHaveText("0");

  await clerk.goto("/clerks/dashboard");
  await expect(clerk).toHaveURL(/\/login/);
  await other.close();

  await page.goto(clerkPage);
  await page.getByRole("link", { name: "Reactivate" }).click();
  await ready(page);
  await page.getByTestId("confirm-reactivate").getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();

  await page.goto("/client-admin/clerk-users");
  await expect(page.getByRole("heading", { name: "Clerk users" })).toBeVisible();
  await expect(page.getByTestId("people")).toContainText(email);
});
