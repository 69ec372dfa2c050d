import { expect, test } from "@playwright/test";
import http from "node:http";
import { baseURL, E2E_DATABASE_URL } from "../../playwright.config";
import { openServerDatabase } from "../server-db";
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
    // The sign-in form carries the target in a hidden field: empty, or a path of this site.
    const kept = /name="redirectTo" value="([^"]*)"/.exec(await loginPage.text())?.[1] ?? "";
    if (loginPage.status !== 200 || (kept !== "" && !staysHere(kept.replace(/&amp;/g, "&")))) failures.push(`/login?redirectTo ${JSON.stringify(value)}: ${loginPage.status} ${kept}`);
    const signIn = await post("/login", { email: DEMO.CLERK, password: DEMO_PASSWORD, redirectTo: value });
    if (signIn.status !== 302 || !staysHere(signIn.headers.get("Location"))) failures.push(`sign-in ${JSON.stringify(value)}: ${signIn.status} ${signIn.headers.get("Location")}`);
  }
  expect(failures).toEqual([]);
});

/** A request with any method (fetch refuses TRACE): its status and Allow header. */
const withMethod = (method: string, path: string) =>
  new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
    const url = new URL(path, baseURL);
    const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method, agent: false }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, allow: response.headers.allow });
    });
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

/**
 * Streams a chunked body of up to 2 MB (no Content-Length) and notes when the answer came and when the
 * connection closed.
 */
function streamChunked(path: string, method: string, headers: Record<string, string>) {
  return new Promise<{ status: number; answeredMs: number; closedMs: number }>((resolve, reject) => {
    const url = new URL(path, baseURL);
    const start = Date.now();
    let status = 0;
    let answeredMs = -1;
    const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method, agent: false, headers: { ...headers, "Transfer-Encoding": "chunked" } }, (response) => {
      status = response.statusCode ?? 0;
      answeredMs = Date.now() - start;
      response.resume();
    });
    request.on("close", () => (answeredMs < 0 ? reject(new Error(`${path}: closed without an answer`)) : resolve({ status, answeredMs, closedMs: Date.now() - start })));
    request.on("error", () => undefined); // the server cuts off what it does not read
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < 2 * 1024 * 1024 && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!request.destroyed) request.end();
    };
    request.write("note=");
    pump();
    setTimeout(() => request.destroy(), 15_000);
  });
}

// The sign-in, registration and reset forms and the API; other routes answer a chunked body early (before
// reading it) and the client can see the connection reset under the answer: still open work.
test("a chunked body over its limit is answered 413 and the connection closed: sign-in, registration, reset and the API", async () => {
  test.setTimeout(60_000);
  const failures: string[] = [];
  const form = { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" };
  for (const path of ["/login", "/register", "/forgot-password"]) {
    const answer = await streamChunked(path, "POST", form).catch((error: Error) => ({ status: 0, answeredMs: -1, closedMs: -1, error: error.message }));
    if (answer.status !== 413 || answer.closedMs > 8_000) failures.push(`${path}: ${JSON.stringify(answer)}`);
  }
  const api = await streamChunked("/api/auth/login", "POST", { "Content-Type": "application/json" }).catch((error: Error) => ({ status: 0, answeredMs: -1, closedMs: -1, error: error.message }));
  if (api.status !== 413 || api.closedMs > 8_000) failures.push(`/api/auth/login: ${JSON.stringify(api)}`);
  expect(failures).toEqual([]);
});

test("typed text loses bidi overrides, isolates and control characters: in a form and in a JSON body", async () => {
  const email = `bidi-${Date.now()}@example.com`;
  const registered = await post("/register", { "firstName.english": "Ali\u202Egnp.exe", "firstName.arabic": "علي\u2066", "fatherName.english": "Adel\u0007", "fatherName.arabic": "عادل", "lastName.english": "Nasser", "lastName.arabic": "ناصر", email, phone: "0790000003", nin: "12345678904", password: "Long-Enough-1", confirmPassword: "Long-Enough-1" });
  expect(registered.status).toBe(302);
  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  expect(await db.get("SELECT first_name_en, first_name_ar, father_name_en FROM users WHERE email = ?", email)).toEqual({ first_name_en: "Alignp.exe", first_name_ar: "علي", father_name_en: "Adel" });

  const login = await fetch(`${baseURL}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: DEMO.CLERK, password: DEMO_PASSWORD }) });
  const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
  const created = await fetch(`${baseURL}/api/document-categories`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: { english: "Bidi \u202Etest", arabic: "اختبار\u202B" }, description: { english: "x", arabic: "س" }, fee: "0", currency: "JOD", validityPeriod: "30" }),
  });
  const answer = await created.text();
  expect(created.status, answer).toBeLessThan(300);
  expect(await db.get("SELECT name_en, name_ar FROM document_categories WHERE name_en LIKE 'Bidi%'")).toEqual({ name_en: "Bidi test", name_ar: "اختبار" });
  await db.close();
});
