import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { demoCodes, DEMO, DEMO_PASSWORD } from "../support";

/**
 * Where a post comes from (docs/decisions/0012), through the production server: our Origin, a
 * Sec-Fetch-Site of same-origin or none, our Referer (text browsers send only that), or, saying none
 * of them, the anti-forgery token of one of our forms with its anchor cookie.
 */
const FORM = "application/x-www-form-urlencoded";
const signInBody = `email=${encodeURIComponent(DEMO.BENEFICIARY)}&password=${DEMO_PASSWORD}`;

async function visit(path: string, cookie?: string) {
  const response = await fetch(`${baseURL}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  const anchor = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("form_anchor="))
    ?.split(";")[0];
  const tokens = [...html.matchAll(/name="_formToken" value="([^"]+)"/g)].map((match) => match[1]);
  return { html, anchor, tokens };
}

const post = (path: string, headers: Record<string, string>, body = signInBody) =>
  fetch(`${baseURL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": FORM, ...headers },
    body,
  });

test("a page gives its visitor an anchor cookie, and every post form on it carries the token made from it", async () => {
  const first = await visit("/login");
  expect(first.anchor).toMatch(/^form_anchor=[A-Za-z0-9_-]{22}$/);
  const postForms = first.html.match(/<form[^>]*method="post"[^>]*>/g) ?? [];
  expect(postForms.length).toBeGreaterThanOrEqual(2); // the language switch and the sign-in
  expect(first.tokens).toHaveLength(postForms.length);
  expect(new Set(first.tokens).size).toBe(1);
  // The same visitor keeps their anchor (a page cached or open in another tab still posts).
  const again = await visit("/register", first.anchor);
  expect(again.anchor).toBeUndefined();
  expect(again.tokens[0]).toBe(first.tokens[0]);
});

test("posts that say where they come from: ours are taken, anyone else's refused", async () => {
  expect((await post("/login", { Origin: baseURL })).status).toBe(302);
  expect((await post("/login", { "Sec-Fetch-Site": "same-origin" })).status).toBe(302);
  expect((await post("/login", { Referer: `${baseURL}/login` })).status).toBe(302);
  expect((await post("/login", { Origin: "https://evil.example" })).status).toBe(403);
  expect((await post("/login", { Origin: "null" })).status).toBe(403);
  expect((await post("/login", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  expect((await post("/login", { Referer: "https://evil.example/login" })).status).toBe(403);
  expect((await post("/login", { Referer: "not a url" })).status).toBe(403);
  // Every action is behind the same guard, signing out included.
  expect((await post("/logout", { Origin: "https://evil.example" }, "")).status).toBe(403);
});

test("a post that says nothing is taken with our form's token and its anchor, and refused without", async () => {
  const { anchor, tokens } = await visit("/login");
  const other = await visit("/login");
  expect((await post("/login", { Cookie: anchor! }, `${signInBody}&_formToken=${tokens[0]}`)).status).toBe(302);
  expect((await post("/login", { Cookie: anchor! })).status).toBe(403);
  expect((await post("/login", {}, `${signInBody}&_formToken=${tokens[0]}`)).status).toBe(403);
  expect((await post("/login", { Cookie: other.anchor! }, `${signInBody}&_formToken=${tokens[0]}`)).status).toBe(403);
  expect((await post("/login", { Cookie: anchor! }, `${signInBody}&_formToken=${tokens[0].slice(1)}x`)).status).toBe(
    403,
  );
  // The language switch and a multipart post likewise.
  expect((await post("/language", { Cookie: anchor! }, `lng=en&redirectTo=%2F&_formToken=${tokens[0]}`)).status).toBe(
    302,
  );
});

test("the verification page's forms carry the token too (plain documents rendered once)", async () => {
  const securePlus = { code: (await demoCodes()).SECURE_PLUS };
  const page = await visit(`/verify/${securePlus.code}`);
  expect(page.tokens.length).toBeGreaterThanOrEqual(2);
  const gzipped = await fetch(`${baseURL}/verify/${securePlus.code}`, {
    headers: { Cookie: page.anchor!, "Accept-Encoding": "gzip" },
  });
  expect(gzipped.headers.get("content-encoding")).toBe("gzip");
  expect(await gzipped.text()).toContain(`value="${page.tokens[0]}"`);
  const wrongPin = (headers: Record<string, string>, token = page.tokens[0]) =>
    post(`/verify/${securePlus.code}`, headers, `pin=abc&_formToken=${token}`);
  expect((await wrongPin({ Cookie: page.anchor! })).status).toBe(400); // taken, and answered: not a PIN
  expect((await wrongPin({}, "")).status).toBe(403);
  expect((await wrongPin({ Referer: "https://evil.example/" })).status).toBe(403);
});
