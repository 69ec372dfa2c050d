import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { registerBeneficiary, signIn } from "../support";

const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, "")),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

test("a beneficiary turns on two-factor sign-in from the QR page, then signs in with a code, and once with a recovery code", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = await registerBeneficiary(page, "en");
  await page.goto("/profile/two-factor");
  await expect(page.getByTestId("two-factor-status")).toHaveText("Two-factor sign-in is off.");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code to add this account to an authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  expect(secret.replace(/\s+/g, "")).toMatch(/^[A-Z2-7]{32}$/);

  await page.locator('input[name="code"]').fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not right, or was already used.")).toBeVisible();
  // Enrol with this time step's code and sign in with the next one's: each step is taken once, and the
  // server takes one step either way.
  await page.locator('input[name="code"]').fill(codeOf(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  const codes = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((code) => code.trim());

  // A new browser: the password, then the code.
  const other = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const second = await other.newPage();
  await signIn(second, email, "Long-Enough-1", "en");
  await expect(second).toHaveURL(/\/login\/two-factor$/);
  await second.locator('input[name="code"]').fill(codeOf(secret, 1));
  await second.getByRole("button", { name: "Sign in" }).click();
  await expect(second).toHaveURL(/\/beneficiary\/dashboard$/);
  await other.close();

  // Without the phone: a recovery code, good once.
  const third = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const recovery = await third.newPage();
  await signIn(recovery, email, "Long-Enough-1", "ar");
  await expect(recovery.locator("h1")).toHaveText("تسجيل الدخول بخطوتين");
  await recovery.locator('input[name="code"]').fill(codes[0]);
  await recovery.locator('form[method="post"]:not([action="/version"]) button[type="submit"]').last().click();
  await expect(recovery).toHaveURL(/\/beneficiary\/dashboard$/);
  await third.close();
});
