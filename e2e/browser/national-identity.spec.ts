import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import {
  nationalIdEnv,
  authorizationUrl,
  providerSuite,
  signInStartedBy,
  type DirectoryAccount,
} from "../oidc-provider";
import { DEMO, switchLanguage } from "../support";

/**
 * Beneficiaries sign in with the national digital identity (docs/decisions/0022): a real OpenID Connect provider on
 * 127.0.0.1 standing in for UAE PASS or Nafath, whose accounts carry a national ID, and a server of the tests' own
 * with NATIONAL_ID_OIDC_* set. With JS on and off; the forged answers (state, nonce, PKCE) once, with JS. The
 * squatting journey: a stranger registered first with the graduate's national ID; the graduate signs in with the
 * national identity, gets their own account, and the stranger loses the national ID and is told why.
 */
test.describe.configure({ mode: "serial" });

const GRADUATE = "graduate@example.com";
const STRANGER = "stranger@example.com";
let demoNin: string;
// Each project's server has its own database: the national IDs can be the same in both.
const squattedNin = "31415926535";
const demoBeneficiary: DirectoryAccount = { email: DEMO.BENEFICIARY };
const suite = providerSuite({
  ports: { withJs: [4411, 4412], withoutJs: [4413, 4414] },
  callback: "/login/national-id/callback",
  accounts: [
    { email: GRADUATE, givenName: "Layla", familyName: "Nasser", givenNameArabic: "ليلى", nationalId: squattedNin },
    demoBeneficiary,
    { email: "no-national-id@example.com" },
  ],
  title: "National identity",
  env: nationalIdEnv,
});

test.beforeAll(async () => {
  // The provider vouches for the demo beneficiary's national ID as the demo data wrote it.
  demoNin = (await suite.db.get<{ nin: string }>("SELECT nin FROM users WHERE email = ?", DEMO.BENEFICIARY))!.nin;
  demoBeneficiary.nationalId = demoNin;
});

async function signInWithNationalId(page: Page, email: string, lng: "ar" | "en" = "en") {
  await page.context().clearCookies();
  await page.goto(`${suite.server.url}/login`);
  await switchLanguage(page, lng);
  await page.getByTestId("national-id-sign-in").click();
  await identityLogin(page, email);
}

async function identityLogin(page: Page, email: string) {
  await expect(page).toHaveURL(new RegExp(`^${suite.provider.issuer}/interaction/`));
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

const refusedMessage = (page: Page) => page.locator(".toasts [data-kind=error]");
const account = (email: string) =>
  suite.db.get<{ id: number; nin: string | null; nin_verified_at: string | null; nin_verified_method: string | null }>(
    "SELECT id, nin, nin_verified_at, nin_verified_method FROM users WHERE email = ?",
    email,
  );

test("a stranger who registered with the graduate's national ID loses it when the graduate signs in", async ({
  page,
}) => {
  // The stranger registers first, with the graduate's national ID: nothing could check it then.
  await page.goto(`${suite.server.url}/register`);
  await switchLanguage(page, "en");
  const fill = (name: string, value: string) => page.locator(`[name="${name}"]`).fill(value);
  await fill("firstName.english", "Stranger");
  await fill("firstName.arabic", "غريب");
  await fill("fatherName.english", "X");
  await fill("fatherName.arabic", "س");
  await fill("lastName.english", "Person");
  await fill("lastName.arabic", "شخص");
  await fill("email", STRANGER);
  await fill("phone", "0790123456");
  await fill("nin", squattedNin);
  await fill("password", "Secret-Pass-1");
  await fill("confirmPassword", "Secret-Pass-1");
  await page.getByRole("button", { name: /create account|register/i }).click();
  await expect(page).toHaveURL(`${suite.server.url}/beneficiary/dashboard`);
  expect(await account(STRANGER)).toMatchObject({ nin: squattedNin, nin_verified_at: null });

  // The graduate signs in with the national identity: an account of their own, verified, names in both languages.
  await expect(async () => {
    await page.context().clearCookies();
    await page.goto(`${suite.server.url}/login?lng=en`);
    await expect(page.getByTestId("national-id-sign-in")).toHaveText("Sign in with \u2068National identity\u2069");
  }).toPass();
  await signInWithNationalId(page, GRADUATE);
  await expect(page).toHaveURL(`${suite.server.url}/beneficiary/dashboard`);
  expect(await account(GRADUATE)).toMatchObject({ nin: squattedNin, nin_verified_method: "NATIONAL_ID" });
  const names = await suite.db.get<{ first_name_ar: string; last_name_en: string }>(
    "SELECT first_name_ar, last_name_en FROM users WHERE email = ?",
    GRADUATE,
  );
  expect(names).toEqual({ first_name_ar: "ليلى", last_name_en: "Nasser" });
  await page.goto(`${suite.server.url}/profile`);
  await expect(page.getByText("Verified through the national digital identity")).toBeVisible();

  // The stranger lost it, and is told why, by mail and in the service.
  expect(await account(STRANGER)).toMatchObject({ nin: null, nin_verified_at: null });
  const strangerId = (await account(STRANGER))!.id;
  const told = await suite.db.get<{ title_en: string }>(
    "SELECT title_en FROM notifications WHERE user_id = ? AND kind = 'nationalIdReleased'",
    strangerId,
  );
  expect(told?.title_en).toBe("The national ID was removed from your account");
  const mail = await suite.db.get<{ subject: string }>(
    "SELECT subject FROM email_outbox WHERE to_address = ?",
    STRANGER,
  );
  expect(mail?.subject).toContain("The national ID was removed from your account");
  // The release is in the audit trail.
  expect(
    await suite.db.get(
      "SELECT id FROM audit_events WHERE action = 'beneficiary.nin_released' AND entity_id = ?",
      strangerId,
    ),
  ).toBeTruthy();
});

test("an account whose email and national ID both match is linked and verified; one without a national ID refused", async ({
  page,
}) => {
  await signInWithNationalId(page, DEMO.BENEFICIARY, "ar");
  await expect(page).toHaveURL(`${suite.server.url}/beneficiary/dashboard`);
  expect(await account(DEMO.BENEFICIARY)).toMatchObject({ nin: demoNin, nin_verified_method: "NATIONAL_ID" });
  await signInWithNationalId(page, "no-national-id@example.com");
  await expect(page).toHaveURL(`${suite.server.url}/login`);
  await expect(refusedMessage(page)).toContainText("did not give your national ID");
  expect(await account("no-national-id@example.com")).toBeUndefined();
});

const startedSignIn = (page: Page) => signInStartedBy(page, "national-id-sign-in");

test("a changed state, another sign-in's nonce and a wrong PKCE verifier are refused", async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "the browser plays no part in these: once is enough");
  const forge = async (change: (started: { state: string; nonce: string; verifier: string }) => object) => {
    await page.context().clearCookies();
    await page.goto(`${suite.server.url}/login?lng=en`);
    await page.getByTestId("national-id-sign-in").click();
    await expect(page).toHaveURL(new RegExp(`^${suite.provider.issuer}/interaction/`));
    const values = { ...(await startedSignIn(page)), ...change(await startedSignIn(page)) } as {
      state: string;
      nonce: string;
      verifier: string;
    };
    await page.goto(
      authorizationUrl(suite.provider.issuer, `${suite.server.url}/login/national-id/callback`, values, {
        national_id: null,
      }),
    );
    await identityLogin(page, GRADUATE);
    await expect(page).toHaveURL(`${suite.server.url}/login`);
    await expect(refusedMessage(page)).toContainText("did not complete");
    expect((await page.context().cookies()).some((cookie) => cookie.name === "session")).toBe(false);
  };
  await forge(() => ({ state: "another-sign-in" }));
  await forge(() => ({ nonce: "another-sign-in" }));
  await forge(() => ({ verifier: crypto.randomBytes(32).toString("base64url") }));
  const reasons = await suite.db.all<{ details: string }>(
    "SELECT details FROM audit_events WHERE action = 'auth.sign_in_failed' ORDER BY id DESC LIMIT 3",
  );
  expect(reasons.map((row) => JSON.parse(row.details).reason).join(" ")).toMatch(/state.*|nonce|invalid_grant/);
});
