import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { authorizationUrl, providerSuite, signInStartedBy, singleSignOnEnv } from "../oidc-provider";
import { DEMO, OTHER_CLIENT, switchLanguage } from "../support";

/**
 * Staff sign in with their organisation's directory: a real OpenID Connect provider on 127.0.0.1, and a server
 * of the tests' own with OIDC_* set (unknown people come in as clerks of the Ministry of Labour). With JS on
 * and off; the forged answers (state, nonce, PKCE) once, with JS.
 */
test.describe.configure({ mode: "serial" });

const CREATED = "new.clerk@ministry.example";
const UNVERIFIED = "unverified@ministry.example";
const suite = providerSuite({
  ports: { withJs: [4400, 4401], withoutJs: [4402, 4403] },
  callback: "/login/sso/callback",
  accounts: [
    { email: DEMO.CLERK },
    { email: DEMO.CLIENT_ADMIN },
    { email: DEMO.BENEFICIARY },
    { email: OTHER_CLIENT.CLERK },
    { email: CREATED, givenName: "Nadia", familyName: "Haddad", givenNameArabic: "نادية" },
    { email: UNVERIFIED, verified: false },
  ],
  env: (issuer) => ({ ...singleSignOnEnv(issuer), OIDC_CREATE_STAFF: "CLERK:2" }),
});

/** From the service's sign-in page to the directory's, and back. */
async function signInWithDirectory(page: Page, email: string, options: { mfa?: boolean; lng?: "ar" | "en" } = {}) {
  await page.context().clearCookies();
  await page.goto(`${suite.server.url}/login`);
  await switchLanguage(page, options.lng ?? "en");
  await page.getByTestId("single-sign-on").click();
  await directoryLogin(page, email, options.mfa);
}

async function directoryLogin(page: Page, email: string, mfa = false) {
  await expect(page).toHaveURL(new RegExp(`^${suite.provider.issuer}/interaction/`));
  await page.getByLabel("Email").fill(email);
  if (mfa) await page.getByLabel("I used my authenticator app").check();
  await page.getByRole("button", { name: "Continue" }).click();
}

const lastSignIn = (email: string, action = "auth.sign_in") =>
  suite.db.get<{ details: string }>(
    "SELECT audit_events.details FROM audit_events JOIN users ON users.id = audit_events.entity_id WHERE users.email = ? AND audit_events.action = ? ORDER BY audit_events.id DESC LIMIT 1",
    email,
    action,
  );

const refusedMessage = (page: Page) => page.locator(".toasts [data-kind=error]");

test("a clerk signs in with the organisation's directory", async ({ page }) => {
  await page.goto(`${suite.server.url}/login?lng=en`);
  await expect(page.getByTestId("single-sign-on")).toHaveText("Sign in with \u2068Staff directory\u2069");
  await signInWithDirectory(page, DEMO.CLERK);
  await expect(page).toHaveURL(`${suite.server.url}/clerks/dashboard`);
  expect(JSON.parse((await lastSignIn(DEMO.CLERK))!.details)).toEqual({ method: "oidc", providerMfa: false });
  // In Arabic, the button names the provider in an isolated run.
  await page.context().clearCookies();
  await page.goto(`${suite.server.url}/login`);
  await switchLanguage(page, "ar");
  await expect(page.getByTestId("single-sign-on")).toHaveText("تسجيل الدخول عبر \u2068Staff directory\u2069");
});

test("the two-factor policy is met when the directory checked a second factor, and asked for otherwise", async ({
  page,
}) => {
  // The super admin's policy: client admins must use two-factor sign-in. The demo's has not enrolled.
  await suite.db.run("UPDATE two_factor_policy SET required = 1 WHERE role = 'CLIENT_ADMIN'");
  await signInWithDirectory(page, DEMO.CLIENT_ADMIN);
  await expect(page).toHaveURL(`${suite.server.url}/profile/two-factor`);
  await signInWithDirectory(page, DEMO.CLIENT_ADMIN, { mfa: true });
  await expect(page).toHaveURL(`${suite.server.url}/client-admin/dashboard`);
  const session = await suite.db.get<{ provider_mfa: number }>(
    "SELECT sessions.provider_mfa FROM sessions JOIN users ON users.id = sessions.user_id WHERE users.email = ? ORDER BY sessions.created_at DESC, sessions.last_seen_at DESC LIMIT 1",
    DEMO.CLIENT_ADMIN,
  );
  expect(Number(session?.provider_mfa)).toBe(1);
});

test("someone the directory knows and the service does not comes in as a clerk of the configured client", async ({
  page,
}) => {
  await signInWithDirectory(page, CREATED, { lng: "ar" });
  await expect(page).toHaveURL(`${suite.server.url}/clerks/dashboard`);
  const created = await suite.db.get<{ role: string; first_name_ar: string; last_name_en: string; client_id: number }>(
    "SELECT users.role, users.first_name_ar, users.last_name_en, clerks.client_id FROM users JOIN clerks ON clerks.user_id = users.id WHERE users.email = ?",
    CREATED,
  );
  expect(created).toMatchObject({ role: "CLERK", first_name_ar: "نادية", last_name_en: "Haddad" });
  expect(Number(created?.client_id)).toBe(2);
});

test("a beneficiary, an unverified email and a deactivated clerk are refused, each with its reason", async ({
  page,
}) => {
  await signInWithDirectory(page, DEMO.BENEFICIARY);
  await expect(page).toHaveURL(`${suite.server.url}/login`);
  await expect(refusedMessage(page)).toContainText("Single sign-on is for staff");
  await signInWithDirectory(page, UNVERIFIED);
  await expect(refusedMessage(page)).toContainText("no verified email address");
  expect(await suite.db.get("SELECT id FROM users WHERE email = ?", UNVERIFIED)).toBeUndefined();
  await suite.db.run("UPDATE users SET status = 'INACTIVE' WHERE email = ?", OTHER_CLIENT.CLERK);
  await signInWithDirectory(page, OTHER_CLIENT.CLERK, { lng: "ar" });
  await expect(refusedMessage(page)).toContainText("هذا الحساب معطّل");
  expect((await page.context().cookies()).some((cookie) => cookie.name === "session")).toBe(false);
});

const startedSignIn = (page: Page) => signInStartedBy(page, "single-sign-on");

/** An authorization request of the tests' own making, with the browser's state. */
const authorizationUrlOf = (values: { state: string; nonce: string; verifier: string }) =>
  authorizationUrl(suite.provider.issuer, `${suite.server.url}/login/sso/callback`, values, { amr: null });

test("a changed state, another sign-in's nonce and a wrong PKCE verifier are refused", async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "the browser plays no part in these: once is enough");
  const failedReason = async () =>
    (
      await suite.db.get<{ details: string }>(
        "SELECT details FROM audit_events WHERE action = 'auth.sign_in_failed' ORDER BY id DESC LIMIT 1",
      )
    )?.details;
  const expectRefused = async (reason: RegExp) => {
    await expect(page).toHaveURL(`${suite.server.url}/login`);
    await expect(refusedMessage(page)).toContainText("Single sign-on did not complete");
    expect(JSON.parse((await failedReason())!).reason).toMatch(reason);
    expect((await page.context().cookies()).some((cookie) => cookie.name === "session")).toBe(false);
  };

  // Each case: a sign-in started in the browser, then an authorization request of the tests' own making.
  const forge = async (change: (started: { state: string; nonce: string; verifier: string }) => object) => {
    await page.context().clearCookies();
    await page.goto(`${suite.server.url}/login`);
    await page.getByTestId("single-sign-on").click();
    await expect(page).toHaveURL(new RegExp(`^${suite.provider.issuer}/interaction/`));
    const started = await startedSignIn(page);
    await page.goto(authorizationUrlOf({ ...started, ...change(started) }));
    await directoryLogin(page, DEMO.CLERK);
  };
  // The state: the answer comes back for another sign-in than the browser started.
  await forge(() => ({ state: "another-sign-in" }));
  await expectRefused(/state/);
  // The nonce: the browser's state, but an ID token made for another sign-in.
  await forge(() => ({ nonce: "another-sign-in" }));
  await expectRefused(/nonce/);
  // PKCE: the code was asked for with another verifier's challenge, so the service's verifier does not redeem it.
  await forge(() => ({ verifier: crypto.randomBytes(32).toString("base64url") }));
  await expectRefused(/invalid_grant|PKCE|code_verifier/i);
});
