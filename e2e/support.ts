import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE_URL } from "../playwright.config";
import { openServerDatabase } from "./server-db";
import type { Role } from "../app/platform/db/schema";

export const DEMO_PASSWORD = "Demo-Pass-2026";

export const DEMO = {
  SUPER_ADMIN: "superadmin@example.com",
  SERVICE_ADMIN: "serviceadmin@example.com",
  CLIENT_ADMIN: "clientadmin@example.com",
  CLERK: "clerk@example.com",
  BENEFICIARY: "beneficiary@example.com",
} as const;

export type DemoRole = keyof typeof DEMO;

/** Staff of ANOTHER client (Ministry of Labour): everything of Demo University is outside their scope. */
export const OTHER_CLIENT = {
  CLERK: "clerk2@example.com",
  CLIENT_ADMIN: "clientadmin2@example.com",
} as const;

/** Who a test acts as: a demo account, another client's staff, or nobody signed in. */
export type Who = DemoRole | "anonymous" | "OTHER_CLERK" | "OTHER_CLIENT_ADMIN";
export const EMAIL_OF: Record<Exclude<Who, "anonymous">, string> = {
  ...DEMO,
  OTHER_CLERK: OTHER_CLIENT.CLERK,
  OTHER_CLIENT_ADMIN: OTHER_CLIENT.CLIENT_ADMIN,
};
export const ROLE_OF: Record<Exclude<Who, "anonymous">, Role> = {
  SUPER_ADMIN: "SUPER_ADMIN",
  SERVICE_ADMIN: "SERVICE_ADMIN",
  CLIENT_ADMIN: "CLIENT_ADMIN",
  CLERK: "CLERK",
  BENEFICIARY: "BENEFICIARY",
  OTHER_CLERK: "CLERK",
  OTHER_CLIENT_ADMIN: "CLIENT_ADMIN",
};

/** With JS on, waits until the page is hydrated (typing earlier goes to the server-rendered form). */
export async function ready(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  // The plain pages (verification, announcements, the offline verifier with its own script) never hydrate: only
  // React Router's documents preload their modules.
  if ((await page.locator('link[rel="modulepreload"]').count()) === 0) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Chooses the language with the switch on the current page (works with and without JS). */
export async function switchLanguage(page: Page, lng: "ar" | "en") {
  // On a phone only the other language is offered: a page already in `lng` has nothing to press.
  if ((await page.locator("html").getAttribute("lang")) === lng) return ready(page);
  // Wait for the new document: when the page is already in `lng`, its lang attribute proves nothing,
  // and typing before the reload lands in the page that is about to go away.
  const committed = page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() });
  await page.locator(`form[action="/language"] button[value="${lng}"]`).first().click();
  await committed;
  await page.waitForLoadState("load");
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
  await ready(page);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, lng?: "ar" | "en") {
  await page.goto("/login");
  if (lng) await switchLanguage(page, lng);
  else await ready(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[method="post"]:not([action="/version"]) button[type="submit"]').last().click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** Field errors as the page shows them. */
export const errorText = (page: Page, name: string) => page.locator(`[id$="${name}-error"]`);

/** Codes of the demo data's issued documents, read from the e2e server's database. */
export async function demoCodes() {
  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  const rows = await db.all<{
    code: string;
    status: string;
    expiry: string;
    sp: number;
    request_id: number;
    reason: string | null;
    email: string;
  }>(
    "SELECT d.verification_code AS code, d.status, d.expiry_date AS expiry, d.secure_plus_enabled AS sp, d.request_id, d.revocation_reason_en AS reason, u.email FROM issued_documents d JOIN users u ON u.id = d.beneficiary_id ORDER BY d.id",
  );
  await db.close();
  const now = new Date().toISOString();
  const find = (test: (row: (typeof rows)[number]) => boolean) => rows.find(test)!.code;
  return {
    VALID: find((row) => row.status === "VALID" && row.expiry > now && !row.sp),
    EXPIRED: find((row) => row.status === "VALID" && row.expiry < now),
    // The demo data's revocation (other tests revoke documents of their own with other reasons).
    REVOKED: find((row) => row.status === "REVOKED" && Boolean(row.reason?.startsWith("Issued with a typing error"))),
    SECURE_PLUS: find((row) => row.sp === 1),
    /** A valid document with the request and beneficiary it belongs to. */
    validWithOwner: rows.find((row) => row.status === "VALID" && row.expiry > now && !row.sp)!,
  };
}

/** Registers a fresh beneficiary (each test its own account, so drafts never collide). */
/**
 * A national ID no other test uses: one person, one national ID (docs/decisions/0022), and a test runs in two
 * projects, on two databases, and again when retried.
 */
export const uniqueNin = () => String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));

export async function registerBeneficiary(page: Page, lng: "ar" | "en") {
  const email = `b-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto("/register");
  await switchLanguage(page, lng);
  const fill = (name: string, value: string) => page.locator(`input[name="${name}"]`).fill(value);
  await fill("firstName.english", "Lina");
  await fill("firstName.arabic", "لينا");
  await fill("fatherName.english", "Kamal");
  await fill("fatherName.arabic", "كمال");
  await fill("lastName.english", "Saeed");
  await fill("lastName.arabic", "سعيد");
  await fill("email", email);
  await fill("phone", "0790000000");
  await fill("nin", uniqueNin());
  await fill("password", "Long-Enough-1");
  await fill("confirmPassword", "Long-Enough-1");
  await page.locator('form[method="post"]:not([action="/version"]) button[type="submit"]').last().click();
  await page.waitForURL("/beneficiary/dashboard");
  await ready(page);
  return email;
}

/** Writes a notification for a user straight into the e2e server's database (what a status change would write). */
export async function addNotification(email: string, title: { en: string; ar: string }, link: string) {
  const db = await openServerDatabase(E2E_DATABASE_URL);
  const user = (await db.get<{ id: number }>("SELECT id FROM users WHERE email = ?", email))!;
  await db.run(
    "INSERT INTO notifications (user_id, kind, title_en, title_ar, link) VALUES (?, 'requestStatus', ?, ?, ?)",
    user.id,
    title.en,
    title.ar,
    link,
  );
  await db.close();
}

/** The serious and critical violations axe-core finds on the page, one line each. */
/** The WCAG 2.2 AA rules of axe-core (each version's tags: 2.0, 2.1 and 2.2, levels A and AA). */
export const WCAG22AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Every WCAG 2.2 AA violation on the page, of any impact, with where (for the failure message). */
export async function wcagViolations(page: Page) {
  // A toast fading out (it closes itself after three seconds) is no contrast failure: axe sees each running
  // animation at its start, then the animations go on from there.
  await page.evaluate(() => {
    const running = document.getAnimations().filter((animation) => animation.playState === "running");
    for (const animation of running) {
      animation.pause();
      animation.currentTime = 0;
    }
    Object.assign(window, { pausedForAxe: running });
  });
  // Only the violations are collected: the passes' details double the time of a run and are never read. Legacy mode
  // runs axe in the page itself: the default opens a blank page for each check to merge its frames' results (about
  // 0.6 s a check here), and no page of ours has a frame.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG22AA)
    .analyze();
  await page.evaluate(() => {
    for (const animation of (window as unknown as { pausedForAxe: Animation[] }).pausedForAxe) animation.play();
  });
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
}

/** The session a sign-in answer sets (its last `session=` cookie), as a client sends it back. */
export const sessionOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.startsWith("session="))
    .at(-1);

/** Signs in through the server's sign-in form, as a client without a browser does, and answers the session cookie. */
export async function sessionCookieAt(
  url: string,
  email: string,
  { password = DEMO_PASSWORD, headers = {} }: { password?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url, ...headers },
    body: new URLSearchParams({ email, password }),
  });
  expect(response.status, `signing in as ${email}`).toBe(302);
  return sessionOf(response)!;
}
