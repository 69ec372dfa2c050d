import { expect, test } from "@playwright/test";
import http from "node:http";
import { baseURL, E2E_DATABASE_URL } from "../../playwright.config";
import { openServerDatabase } from "../server-db";
import { REDIRECT_BYPASSES } from "../../app/test/redirect-bypasses";
import { DEMO, DEMO_PASSWORD, demoCodes, uniqueNin } from "../support";

/** What the second security test found, each through the production server as the attacker sent it. */
const FORM = "application/x-www-form-urlencoded";
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${baseURL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseURL, "Content-Type": FORM, ...headers },
    body: new URLSearchParams(fields),
  });

/** A Location that stays on this site: a path, parsed back to our origin, with no control character or backslash. */
// eslint-disable-next-line no-control-regex -- the characters a Location must not hold
const UNSAFE = /[\u0000-\u001f\\]/;
const staysHere = (location: string | null) =>
  location !== null &&
  location.startsWith("/") &&
  !location.startsWith("//") &&
  new URL(location, baseURL).origin === new URL(baseURL).origin &&
  !UNSAFE.test(location);

test("every parameter that redirects keeps each known bypass on this site, and none answers 5xx", async () => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const value of REDIRECT_BYPASSES) {
    const language = await post("/language", { lng: "en", redirectTo: value });
    if (language.status !== 302 || !staysHere(language.headers.get("Location")))
      failures.push(`/language ${JSON.stringify(value)}: ${language.status} ${language.headers.get("Location")}`);
    const loginPage = await fetch(`${baseURL}/login?redirectTo=${encodeURIComponent(value)}`);
    // The sign-in form carries the target in a hidden field: empty, or a path of this site.
    const kept = /name="redirectTo" value="([^"]*)"/.exec(await loginPage.text())?.[1] ?? "";
    if (loginPage.status !== 200 || (kept !== "" && !staysHere(kept.replace(/&amp;/g, "&"))))
      failures.push(`/login?redirectTo ${JSON.stringify(value)}: ${loginPage.status} ${kept}`);
    const signIn = await post("/login", { email: DEMO.CLERK, password: DEMO_PASSWORD, redirectTo: value });
    if (signIn.status !== 302 || !staysHere(signIn.headers.get("Location")))
      failures.push(`sign-in ${JSON.stringify(value)}: ${signIn.status} ${signIn.headers.get("Location")}`);
  }
  expect(failures).toEqual([]);
});

/** A request with any method (fetch refuses TRACE): its status and Allow header. */
const withMethod = (method: string, path: string) =>
  new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
    const url = new URL(path, baseURL);
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method, agent: false },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, allow: response.headers.allow });
      },
    );
    request.on("error", reject);
    request.end();
  });

test("TRACE and the other methods nothing answers are 405 with Allow", async () => {
  for (const method of ["TRACE", "PATCH", "PROPFIND", "MKCOL"]) {
    for (const path of ["/", "/login", "/verify/ABCDEFGHJKMNPQRS", "/clerks/requests", "/api/document-requests"]) {
      const answer = await withMethod(method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.allow, `${method} ${path}`).toMatch(/GET/);
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

test("typed text loses bidi overrides, isolates and control characters: in a form and in a JSON body", async () => {
  const email = `bidi-${Date.now()}@example.com`;
  const registered = await post("/register", {
    "firstName.english": "Ali\u202Egnp.exe",
    "firstName.arabic": "علي\u2066",
    "fatherName.english": "Adel\u0007",
    "fatherName.arabic": "عادل",
    "lastName.english": "Nasser",
    "lastName.arabic": "ناصر",
    email,
    phone: "0790000003",
    nin: uniqueNin(),
    password: "Long-Enough-1",
    confirmPassword: "Long-Enough-1",
  });
  expect(registered.status).toBe(302);
  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  expect(await db.get("SELECT first_name_en, first_name_ar, father_name_en FROM users WHERE email = ?", email)).toEqual(
    { first_name_en: "Alignp.exe", first_name_ar: "علي", father_name_en: "Adel" },
  );

  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO.CLERK, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
  const created = await fetch(`${baseURL}/api/document-categories`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: { english: "Bidi \u202Etest", arabic: "اختبار\u202B" },
      description: { english: "x", arabic: "س" },
      fee: "0",
      currency: "JOD",
      validityPeriod: "30",
    }),
  });
  const answer = await created.text();
  expect(created.status, answer).toBeLessThan(300);
  expect(await db.get("SELECT name_en, name_ar FROM document_categories WHERE name_en LIKE 'Bidi%'")).toEqual({
    name_en: "Bidi test",
    name_ar: "اختبار",
  });
  await db.close();
});

test("a page asked for by the browser's navigation (its .data and React Router's parameters) sends its visitor to sign in and back to the page's own address", async () => {
  // React Router passes each request through as it came (react-router.config.ts): the handlers read the address it
  // gives them without `.data`, `_routes` and `index`, so the way back is the page's, not the data request's.
  const asked = await fetch(`${baseURL}/clerks/requests.data?page=2&_routes=root,routes/requests/staff-requests`, {
    redirect: "manual",
  });
  const answer = await asked.text();
  expect(answer).toContain(`"/login?redirectTo=${encodeURIComponent("/clerks/requests?page=2")}"`);
  expect(answer).not.toMatch(/\.data|_routes/);
  const page = await fetch(`${baseURL}/clerks/requests?page=2`, { redirect: "manual" });
  expect(page.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/clerks/requests?page=2")}`);
});
