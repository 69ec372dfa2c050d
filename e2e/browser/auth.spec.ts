import { expect, test } from "@playwright/test";
import { DEMO, signIn, switchLanguage, type DemoRole, uniqueNin } from "../support";

const SIDEBAR: Record<DemoRole, string[]> = {
  BENEFICIARY: ["/beneficiary/dashboard", "/beneficiary/request-document", "/beneficiary/attestations"],
  CLERK: [
    "/clerks/dashboard",
    "/clerks/requests",
    "/clerks/attestations",
    "/clerks/document-categories",
    "/clerks/public-announcements",
  ],
  CLIENT_ADMIN: [
    "/client-admin/dashboard",
    "/client-admin/requests",
    "/client-admin/clerks",
    "/client-admin/clerk-users",
    "/client-admin/document-categories",
    "/client-admin/signing-certificate",
    "/client-admin/audit",
    "/client-admin/webhooks",
  ],
  SERVICE_ADMIN: [
    "/service-admin/dashboard",
    "/service-admin/client-admins-management",
    "/service-admin/client-categories-management",
    "/service-admin/clients-management",
  ],
  SUPER_ADMIN: [
    "/super-admin/dashboard",
    "/super-admin/service-admins-management",
    "/super-admin/client-admins-management",
    "/super-admin/clients-management",
    "/super-admin/clerks-management",
    "/super-admin/beneficiaries-management",
    "/super-admin/document-categories-management",
    "/super-admin/attestations-management",
    "/super-admin/public-announcements", // ADR 0009
    "/super-admin/audit",
  ],
};

const ROLE_LABEL = {
  en: {
    BENEFICIARY: "Beneficiary",
    CLERK: "Clerk",
    CLIENT_ADMIN: "Client Admin",
    SERVICE_ADMIN: "Service Admin",
    SUPER_ADMIN: "Super Admin",
  },
  ar: {
    BENEFICIARY: "مستفيد",
    CLERK: "موظف",
    CLIENT_ADMIN: "مشرف الجهة",
    SERVICE_ADMIN: "مشرف الخدمة",
    SUPER_ADMIN: "المشرف العام",
  },
};

for (const lng of ["ar", "en"] as const) {
  for (const role of Object.keys(DEMO) as DemoRole[]) {
    test(`${role} signs in (${lng}) and sees exactly its sidebar`, async ({ page }) => {
      await signIn(page, DEMO[role], undefined, lng);
      await expect(page).toHaveURL(SIDEBAR[role][0]);
      await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
      const links = page.getByTestId("sidebar-links").locator("a");
      await expect(links).toHaveCount(SIDEBAR[role].length);
      expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))).toEqual(SIDEBAR[role]);
      await expect(links.first()).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("main")).toContainText(ROLE_LABEL[lng][role]);
    });
  }
}

test("the clerk of a client without sincera has no announcements link", async ({ page }) => {
  await signIn(page, "clerk2@example.com");
  await expect(page).toHaveURL("/clerks/dashboard");
  await expect(page.getByTestId("sidebar-links").locator("a")).toHaveCount(4);
  await expect(page.locator('a[href="/clerks/public-announcements"]')).toHaveCount(0);
});

test("the user menu shows initials, English name, email and role, and logs out", async ({ page }) => {
  await signIn(page, DEMO.BENEFICIARY, undefined, "en");
  const menu = page.getByTestId("user-menu");
  await menu.locator("summary").click();
  await expect(menu).toContainText("AH");
  await expect(menu).toContainText("Ahmad Hassan");
  await expect(menu).toContainText("beneficiary@example.com");
  await expect(menu).toContainText("Beneficiary");
  await menu.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("status").filter({ hasText: "You have been logged out." })).toBeVisible();
  await page.goto("/beneficiary/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("the beneficiary dashboard shows real figures", async ({ page }) => {
  await signIn(page, DEMO.BENEFICIARY, undefined, "en");
  await expect(page.getByTestId("status-counts")).toBeVisible();
  const pending = Number(await page.locator('[data-status="PENDING"]').textContent());
  expect(pending).toBeGreaterThan(0);
  await expect(page.getByTestId("latest-requests").locator("li")).toHaveCount(5);
});

test("a signed-out user is sent to /login and comes back after signing in", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL("/login?redirectTo=%2Fprofile");
  await page.locator('input[name="email"]').fill(DEMO.CLERK);
  await page.locator('input[name="password"]').fill("Demo-Pass-2026");
  await page.locator('form[method="post"]:not([action="/version"]) button[type="submit"]').last().click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("main")).toContainText("clerk@example.com");
});

test("a signed-in user opening /login goes to /profile with 'You are already logged in'", async ({ page }) => {
  await signIn(page, DEMO.CLERK, undefined, "en");
  await expect(page).toHaveURL("/clerks/dashboard");
  await page.goto("/login");
  await expect(page).toHaveURL("/profile");
  await expect(page.getByText("You are already logged in")).toBeVisible();
  await page.goto("/register");
  await expect(page).toHaveURL("/profile");
});

test("another role's area answers 403 in the page's language", async ({ page }) => {
  await signIn(page, DEMO.BENEFICIARY, undefined, "en");
  const response = await page.goto("/super-admin/dashboard");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access denied");
  await switchLanguage(page, "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الوصول مرفوض");
});

test("an unknown URL answers 404 'Not Found'", async ({ page }) => {
  await page.goto("/");
  await switchLanguage(page, "en");
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not Found");
});

test("login messages: invalid email, short password, wrong credentials", async ({ page }) => {
  await page.goto("/login");
  await switchLanguage(page, "en");
  await page.locator('input[name="email"]').fill("not-an-email");
  await page.locator('input[name="password"]').fill("123");
  await page.locator('form[method="post"]:not([action="/version"]) button[type="submit"]').last().click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await page.locator('input[name="email"]').fill(DEMO.CLERK);
  await page.locator('input[name="password"]').fill("Wrong-Pass-1");
  await page.locator('form[method="post"]:not([action="/version"]) button[type="submit"]').last().click();
  await expect(page.getByText("The email or password is incorrect.")).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveValue(DEMO.CLERK);
});

test("login messages in Arabic", async ({ page }) => {
  await page.goto("/login");
  await switchLanguage(page, "ar");
  await page.locator('input[name="email"]').fill("x");
  await page.locator('input[name="password"]').fill("1");
  await page.locator('form[method="post"]:not([action="/version"]) button[type="submit"]').last().click();
  await expect(page.getByText("يرجى إدخال بريد إلكتروني صالح")).toBeVisible();
  await expect(page.getByText("يجب ألا تقل كلمة المرور عن 6 أحرف")).toBeVisible();
});

test("registration shows every message, keeps the input, then creates the account", async ({ page }, testInfo) => {
  await page.goto("/register");
  await switchLanguage(page, "en");
  const submit = page.locator('form[method="post"]:not([action="/version"]) button[type="submit"]').last();
  await submit.click();
  for (const message of [
    "English first name is required",
    "Arabic first name is required",
    "English last name is required",
    "Arabic last name is required",
    "Please enter a valid email address",
    "National ID (NIN) must be exactly 11 digits",
    "Password must be at least 8 characters",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const email = `new-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.locator('input[name="firstName.english"]').fill("Rana");
  await page.locator('input[name="firstName.arabic"]').fill("رنا");
  await page.locator('input[name="fatherName.english"]').fill("Jamal");
  await page.locator('input[name="fatherName.arabic"]').fill("جمال");
  await page.locator('input[name="lastName.english"]').fill("Odeh");
  await page.locator('input[name="lastName.arabic"]').fill("عودة");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="phone"]').fill("07-12");
  await page.locator('input[name="nin"]').fill(uniqueNin());
  await page.locator('input[name="password"]').fill("Long-Enough-1");
  await page.locator('input[name="confirmPassword"]').fill("Different-2");
  await submit.click();
  await expect(page.getByText("Phone must contain only digits")).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.locator('input[name="firstName.arabic"]')).toHaveValue("رنا");
  await page.locator('input[name="phone"]').fill("0712");
  await submit.click();
  await expect(page.getByText("Phone number must be at least 9 digits")).toBeVisible();
  await page.locator('input[name="phone"]').fill("0791234567");
  await page.locator('input[name="password"]').fill("Long-Enough-1");
  await page.locator('input[name="confirmPassword"]').fill("Long-Enough-1");
  await submit.click();
  await expect(page).toHaveURL("/beneficiary/dashboard");
  await expect(page.getByText("Your account has been created. Welcome!")).toBeVisible();
});

test.describe("a browser that asks for neither language", () => {
  test.use({ locale: "fr-FR" });

  test("gets Arabic, right-to-left", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  });
});

test("the language switch sets lang and dir, and is remembered", async ({ page }) => {
  await page.goto("/");
  await switchLanguage(page, "ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveTitle("الوثائق والتصديقات");
  await switchLanguage(page, "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page).toHaveTitle("Documents & Attestations");
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle("Sign in · Documents & Attestations");
});

test("the home page explains the service and links to sign in, register and verify", async ({ page }) => {
  await page.goto("/");
  await switchLanguage(page, "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Official documents you can trust");
  await expect(page.locator('main a[href="/login"]')).toBeVisible();
  await expect(page.locator('main a[href="/register"]')).toBeVisible();
  await expect(page.locator('main a[href="/verify"]')).toBeVisible();
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the sidebar is a sheet that opens and closes", async ({ page }) => {
    await signIn(page, DEMO.CLIENT_ADMIN, undefined, "en");
    const sheet = page.locator("#sidebar");
    await expect(sheet).toBeHidden();
    await page.locator('label[for="nav-sheet"]').filter({ hasText: "Open menu" }).click();
    await expect(sheet).toBeVisible();
    await expect(sheet.locator("a")).toHaveCount(8);
    await sheet.locator("label", { hasText: "Close menu" }).click();
    await expect(sheet).toBeHidden();
  });
});
