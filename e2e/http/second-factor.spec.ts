import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { serverForFile } from "../spawn-server";
import { DEMO, DEMO_PASSWORD } from "../support";

/**
 * The step between the password and the second factor is used once (migration 0009): after a successful
 * sign-in, the same cookie with the next code gets the sign-in page, not a second session; signing out
 * closes it too. Through the production server, as a browser posts.
 */
const server = serverForFile(4386, { DEMO_DATA: "on" });

/** A browser: a cookie jar, posting as our pages do. */
function browser() {
  const cookies = new Map<string, string>();
  const send = async (path: string, fields?: Record<string, string>) => {
    const response = await fetch(`${server.url}${path}`, {
      method: fields ? "POST" : "GET",
      redirect: "manual",
      headers: {
        Origin: server.url,
        Cookie: [...cookies.values()].join("; "),
        ...(fields ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: fields ? new URLSearchParams(fields) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) cookies.set(cookie.split("=")[0], cookie.split(";")[0]);
    return response;
  };
  return { send, cookies };
}

const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

test("a replayed second-factor cookie gets the sign-in page; signing out closes an open one", async () => {
  const owner = browser();
  expect((await owner.send("/login", { email: DEMO.SERVICE_ADMIN, password: DEMO_PASSWORD })).status).toBe(302);
  await owner.send("/profile/two-factor", { intent: "start" });
  const secret = /data-testid="totp-secret"[^>]*>([^<]+)</
    .exec(await (await owner.send("/profile/two-factor")).text())![1]
    .replace(/\s+/g, "");
  expect((await owner.send("/profile/two-factor", { intent: "confirm", code: codeOf(secret) })).status).toBe(200);

  // A new browser: the password, then the code.
  const other = browser();
  expect(
    (await other.send("/login", { email: DEMO.SERVICE_ADMIN, password: DEMO_PASSWORD })).headers.get("Location"),
  ).toBe("/login/two-factor");
  const pendingCookie = other.cookies.get("second-factor")!;
  const done = await other.send("/login/two-factor", { code: codeOf(secret, 1) });
  expect(done.headers.get("Location")).toBe("/service-admin/dashboard");
  // The same pending cookie again, with the next code: back to signing in, and no session.
  const replay = await fetch(`${server.url}/login/two-factor`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: pendingCookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ code: codeOf(secret, 2) }),
  });
  expect(replay.status).toBe(302);
  expect(replay.headers.get("Location")).toBe("/login");
  expect(
    replay.headers.getSetCookie().some((cookie) => /^session=[^;]+/.test(cookie) && !cookie.startsWith("session=;")),
  ).toBe(false);
  expect(
    (
      await fetch(`${server.url}/login/two-factor`, { redirect: "manual", headers: { Cookie: pendingCookie } })
    ).headers.get("Location"),
  ).toBe("/login");

  // A third browser passes the password; the owner signs out everywhere they are: its step is closed.
  const third = browser();
  await third.send("/login", { email: DEMO.SERVICE_ADMIN, password: DEMO_PASSWORD });
  expect((await owner.send("/logout", {})).status).toBe(302);
  expect((await third.send("/login/two-factor", { code: codeOf(secret, 3) })).headers.get("Location")).toBe("/login");
});
