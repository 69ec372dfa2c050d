import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { REDIRECT_BYPASSES } from "../../app/test/redirect-bypasses";
import { DEMO, DEMO_PASSWORD, demoCodes } from "../support";

/** What the second security test found, each through the production server as the attacker sent it. */
const FORM = "application/x-www-form-urlencoded";
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${baseURL}${path}`, { method: "POST", redirect: "manual", headers: { Origin: baseURL, "Content-Type": FORM, ...headers }, body: new URLSearchParams(fields) });

/** A Location that stays on this site: a path, parsed back to our origin, with no control character or backslash. */
// eslint-disable-next-line no-control-regex -- the characters a Location must not hold
const UNSAFE = /[\u0000-\u001f\\]/;
const staysHere = (location: string | null) => location !== null && location.startsWith("/") && !location.startsWith("//") && new URL(location, baseURL).origin === new URL(baseURL).origin && !UNSAFE.test(location);

test("every parameter that redirects keeps each known bypass on this site, and none answers 5xx", async () => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const value of REDIRECT_BYPASSES) {
    const language = await post("/language", { lng: "en", redirectTo: value });
    if (language.status !== 302 || !staysHere(language.headers.get("Location"))) failures.push(`/language ${JSON.stringify(value)}: ${language.status} ${language.headers.get("Location")}`);
    const loginPage = await fetch(`${baseURL}/login?redirectTo=${encodeURIComponent(value)}`);
    const html = await loginPage.text();
    if (loginPage.status !== 200 || /evil\.example/.test(html)) failures.push(`/login?redirectTo ${JSON.stringify(value)}: ${loginPage.status}`);
    const signIn = await post("/login", { email: DEMO.CLERK, password: DEMO_PASSWORD, redirectTo: value });
    if (signIn.status !== 302 || !staysHere(signIn.headers.get("Location"))) failures.push(`sign-in ${JSON.stringify(value)}: ${signIn.status} ${signIn.headers.get("Location")}`);
  }
  expect(failures).toEqual([]);
});

test("TRACE and the other methods nothing answers are 405 with Allow", async () => {
  for (const method of ["TRACE", "PATCH", "PROPFIND", "CONNECTX"]) {
    for (const path of ["/", "/login", "/verify/ABCDEFGHJKMNPQRS", "/clerks/requests", "/api/document-requests"]) {
      const response = await fetch(`${baseURL}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${path}`).toMatch(/GET/);
    }
  }
});

test("a revoked document's file is not served to the public: 410 with its verdict page", async () => {
  const { REVOKED, VALID } = await demoCodes();
  const revoked = await fetch(`${baseURL}/verify/${REVOKED}/document`, { headers: { "Accept-Language": "en" } });
  expect(revoked.status).toBe(410);
  expect(revoked.headers.get("Content-Type")).toMatch(/^text\/html/);
  expect(await revoked.text()).toContain("Revoked");
  expect((await fetch(`${baseURL}/verify/${VALID}/document`)).headers.get("Content-Type")).toBe("application/pdf");
});
