import { expect, test } from "@playwright/test";
import { errorText, ready, registerBeneficiary, signIn } from "../support";

test("a beneficiary edits their phone, with a real message for a short one", async ({ page }) => {
  await registerBeneficiary(page, "en");
  await page.goto("/profile");
  await page.getByRole("link", { name: "Edit my profile" }).click();
  await expect(page).toHaveURL(/\/user\/profile\/\d+\/edit$/);
  await ready(page);
  const phone = page.locator('input[name="phone"]');
  await expect(phone).toHaveValue("0790000000");
  await phone.fill("0791");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(errorText(page, "phone")).toHaveText("Phone number must be at least 9 digits");
  await expect(page.locator('input[name="firstName.english"]')).toHaveValue("Lina"); // the input is kept
  await phone.fill("0795555555");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
  await expect(page.getByText("0795555555")).toBeVisible();
});

test("a user changes their password (Arabic) and signs in with the new one", async ({ page }) => {
  const email = await registerBeneficiary(page, "ar");
  await page.goto("/profile");
  await page.getByRole("link", { name: "تغيير كلمة المرور" }).click();
  await ready(page);
  await page.locator('input[name="currentPassword"]').fill("Wrong-Pass-1");
  await page.locator('input[name="password"]').fill("Newer-Pass-22");
  await page.locator('input[name="confirmPassword"]').fill("Newer-Pass-22");
  await page.getByRole("button", { name: "حفظ" }).click();
  await expect(errorText(page, "currentPassword")).toHaveText("كلمة المرور الحالية غير صحيحة.");
  await page.locator('input[name="currentPassword"]').fill("Long-Enough-1");
  await page.locator('input[name="password"]').fill("Newer-Pass-22");
  await page.locator('input[name="confirmPassword"]').fill("Newer-Pass-22");
  await page.getByRole("button", { name: "حفظ" }).click();
  await expect(page.getByText("تم تغيير كلمة المرور، وتم تسجيل الخروج من جلساتك الأخرى.")).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, email, "Newer-Pass-22");
  await expect(page).toHaveURL("/beneficiary/dashboard");
});
