import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { openServerDatabase } from "../server-db";
import { serverForFile } from "../spawn-server";
import { DEMO, DEMO_PASSWORD } from "../support";

/**
 * Every limiter of every form and page answers its 429 with Retry-After (RFC 6585), through the production
 * server: sign-in, registration, password reset, the two-factor code (sign-in and enrolment), verification
 * look-ups and SecurePlus PINs (pages and API), the API's sign-in.
 */
test.describe.configure({ mode: "serial" });

const server = serverForFile(4387, { DEMO_DATA: "on", TRUST_PROXY: "1", AUTH_RATE_LIMIT: "2", VERIFY_RATE_LIMIT: "2" });

const FORM = "application/x-www-form-urlencoded";
let address = 0;
/** Each limiter is asked from an address of its own. */
const newAddress = () => `10.6.0.${++address}`;

async function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": FORM, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** Posts until the limiter answers 429 (at most `tries` times), and returns that answer. */
async function untilLimited(send: () => Promise<Response>, tries = 10) {
  for (let i = 0; i < tries; i++) {
    const response = await send();
    if (response.status === 429) return response;
    await response.body?.cancel();
  }
  throw new Error("never limited");
}

const expectRetryAfter = async (response: Response, seconds: number) => {
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After")).toBe(String(seconds));
  await response.body?.cancel();
};

test("the sign-in, registration and password-reset pages", async () => {
  const ip = newAddress();
  await expectRetryAfter(
    await untilLimited(() =>
      post("/login", { email: "nobody@example.com", password: "wrong-password" }, { "X-Forwarded-For": ip }),
    ),
    60,
  );
  const other = newAddress();
  await expectRetryAfter(
    await untilLimited(() => post("/register", { email: "x@example.com" }, { "X-Forwarded-For": other })),
    60,
  );
  const third = newAddress();
  await expectRetryAfter(
    await untilLimited(() => post("/forgot-password", { email: "x@example.com" }, { "X-Forwarded-For": third })),
    60,
  );
});

/** A browser of its own: an address and a cookie jar. */
function visitor() {
  const ip = newAddress();
  const cookies = new Map<string, string>();
  const headers = () => ({ "X-Forwarded-For": ip, Cookie: [...cookies.values()].join("; ") });
  /** Posts the fields, or without them asks for the page. */
  return (path: string, fields?: Record<string, string>) =>
    (fields ? post(path, fields, headers()) : fetch(`${server.url}${path}`, { headers: headers() })).then(
      (response) => {
        for (const cookie of response.headers.getSetCookie()) cookies.set(cookie.split("=")[0], cookie.split(";")[0]);
        return response;
      },
    );
}

const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();

/** Turns two-factor sign-in on for the signed-in visitor; the secret. */
async function enrol(as: ReturnType<typeof visitor>) {
  await as("/profile/two-factor", { intent: "start" });
  const page = await (await as("/profile/two-factor")).text();
  return /data-testid="totp-secret"[^>]*>([^<]+)</.exec(page)![1].replace(/\s+/g, "");
}

test("the two-factor code, at enrolment and at sign-in", async () => {
  const clerk = visitor();
  expect((await clerk("/login", { email: DEMO.CLERK, password: DEMO_PASSWORD })).status).toBe(302);
  await enrol(clerk);
  await expectRetryAfter(
    await untilLimited(() => clerk("/profile/two-factor", { intent: "confirm", code: "000000" })),
    300,
  );

  const owner = visitor();
  expect((await owner("/login", { email: DEMO.CLIENT_ADMIN, password: DEMO_PASSWORD })).status).toBe(302);
  const secret = await enrol(owner);
  expect((await owner("/profile/two-factor", { intent: "confirm", code: codeOf(secret) })).status).toBe(200);
  const signingIn = visitor();
  const password = await signingIn("/login", { email: DEMO.CLIENT_ADMIN, password: DEMO_PASSWORD });
  expect(password.headers.get("Location")).toBe("/login/two-factor");
  await expectRetryAfter(await untilLimited(() => signingIn("/login/two-factor", { code: "000000" })), 300);
});

test("verification look-ups and SecurePlus PINs, on the pages and in the API; the API's sign-in", async () => {
  const ip = newAddress();
  await expectRetryAfter(
    await untilLimited(() => fetch(`${server.url}/verify/ABCDEFGHJKMNPQRS`, { headers: { "X-Forwarded-For": ip } })),
    60,
  );
  const apiIp = newAddress();
  await expectRetryAfter(
    await untilLimited(() =>
      fetch(`${server.url}/api/verify/ABCDEFGHJKMNPQRS`, { headers: { "X-Forwarded-For": apiIp } }),
    ),
    60,
  );
  // Wrong PINs for a SecurePlus document, each from another address (the look-ups' own limit aside): past
  // the document's 20 a day it takes no more PINs from anyone but its holder (docs/decisions/0014).
  const db = await openServerDatabase(server.databaseUrl, { readonly: true });
  const { code } = (await db.get<{ code: string }>(
    "SELECT verification_code AS code FROM issued_documents WHERE secure_plus_enabled = 1 ORDER BY id",
  ))!;
  await db.close();
  await expectRetryAfter(
    await untilLimited(() => post(`/verify/${code}`, { pin: "000000" }, { "X-Forwarded-For": newAddress() }), 30),
    86400,
  );
  await expectRetryAfter(
    await fetch(`${server.url}/api/verify/${code}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": newAddress() },
      body: JSON.stringify({ pin: "000000" }),
    }),
    86400,
  );
  const loginIp = newAddress();
  const apiLogin = () =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": loginIp },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
    });
  await expectRetryAfter(await untilLimited(apiLogin), 60);
});

test("nobody locks out anyone in the API: the owner's client signs in while others guess from other addresses", async () => {
  const apiLogin = (ip: string, body: Record<string, string>) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ email: DEMO.SERVICE_ADMIN, ...body }),
    });
  // The owner's program signed in before: it keeps its device token.
  const first = await apiLogin(newAddress(), { password: DEMO_PASSWORD });
  expect(first.status).toBe(200);
  const { deviceToken } = ((await first.json()) as { data: { deviceToken: string } }).data;
  expect(deviceToken).toBeTruthy();
  // Others guess from addresses of their own, past the account's limit.
  await untilLimited(() => apiLogin(newAddress(), { password: "guess-1234" }), 20);
  // The owner's program gets its tokens.
  const owner = await apiLogin(newAddress(), { password: DEMO_PASSWORD, deviceToken });
  expect(owner.status).toBe(200);
  // An unknown client gets the same 429 whatever its password; with the right one, the owner is mailed a link.
  const db = await openServerDatabase(server.databaseUrl, { readonly: true });
  const mails = async () =>
    (await db.get<{ n: number }>("SELECT count(*) AS n FROM email_outbox WHERE to_address = ?", DEMO.SERVICE_ADMIN))!.n;
  const before = Number(await mails());
  const wrong = await apiLogin(newAddress(), { password: "guess-5678" });
  const right = await apiLogin(newAddress(), { password: DEMO_PASSWORD });
  expect([wrong.status, right.status]).toEqual([429, 429]);
  expect(await right.text()).toBe(await wrong.text());
  await expect.poll(async () => Number(await mails())).toBe(before + 1);
  await db.close();
});
