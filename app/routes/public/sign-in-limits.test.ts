import { describe, expect, it } from "vitest";
import { createTestDb, createUser } from "~/test/db";
import { makeContext, postForm, run } from "~/test/route";
import { readToast } from "~/platform/toast/toast.server";
import * as login from "./login";

const toastOf = (headers: Headers) =>
  readToast(
    new Request("http://localhost/login", {
      headers: {
        Cookie: headers
          .getSetCookie()
          .map((line) => line.split(";")[0])
          .join("; "),
      },
    }),
  );

const PASSWORD = "Right-Pass-1";
let address = 0;
/** Each attempt from an address of its own: here the limit per account is what is tested. */
const anywhere = () => makeContext({ ip: `198.51.100.${++address % 250}` });
const signIn = (email: string, password: string, cookie?: string) =>
  run(login.action, postForm("/login", { email, password }, cookie ? { Cookie: cookie } : {}), anywhere());
const deviceCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("device="))!;

describe("sign-in limits per account", () => {
  it("lock out unknown browsers after 10 failures a minute (with Retry-After), never the owner's known device", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "owner@example.com", password: PASSWORD });
    const first = await signIn("owner@example.com", PASSWORD);
    expect(first.status).toBe(302);
    const device = deviceCookieOf(first.headers);
    expect(device).toMatch(/^device=/);

    for (let attempt = 0; attempt < 10; attempt++)
      expect((await signIn("OWNER@example.com", "Wrong-Pass-1")).status).toBe(400);
    // Past the limit a new browser opens no session, and gets the same answer whatever the password; with
    // the right one the owner is mailed a single-use link (then this browser is theirs).
    await db.deleteFrom("email_outbox").execute();
    const wrong = await signIn("owner@example.com", "Wrong-Pass-1");
    const right = await signIn("owner@example.com", PASSWORD);
    for (const answer of [wrong, right]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/login");
      expect(
        answer.headers.getSetCookie().some((line) => line.startsWith("session=") && !line.startsWith("session=;")),
      ).toBe(false);
    }
    expect(toastOf(wrong.headers)?.message).toBe("auth.underAttackLinkSent");
    expect(toastOf(right.headers)?.message).toBe("auth.underAttackLinkSent");
    expect(await db.selectFrom("email_outbox").select("to_address").execute()).toEqual([
      { to_address: "owner@example.com" },
    ]);

    // The owner's browser signs in, and its own failures count apart.
    expect((await signIn("owner@example.com", PASSWORD, device)).status).toBe(302);
    expect((await signIn("owner@example.com", "Wrong-Pass-1", device)).status).toBe(400);
    expect((await signIn("owner@example.com", PASSWORD, device)).status).toBe(302);
  });

  it("do not take another account's device cookie, nor a forged one", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "a@example.com", password: PASSWORD });
    await createUser(db, { email: "b@example.com", password: PASSWORD });
    const deviceOfA = deviceCookieOf((await signIn("a@example.com", PASSWORD)).headers);
    for (let attempt = 0; attempt < 10; attempt++) await signIn("b@example.com", "Wrong-Pass-1");
    // Neither is one of b's browsers: no session, the link is mailed instead.
    expect((await signIn("b@example.com", PASSWORD, deviceOfA)).headers.get("Location")).toBe("/login");
    const forged = `device=${Buffer.from(JSON.stringify({ email: "b@example.com", nonce: "x" })).toString("base64")}`;
    expect((await signIn("b@example.com", PASSWORD, forged)).headers.get("Location")).toBe("/login");
  });

  it("count each attempt before the password is checked: of 40 guesses at once, exactly 10 are checked", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "target@example.com", password: PASSWORD });
    const statuses = await Promise.all(Array.from({ length: 40 }, () => signIn("target@example.com", "Wrong-Pass-1")));
    expect(statuses.filter((result) => result.status === 400)).toHaveLength(10);
    expect(
      statuses.filter((result) => result.status === 302 && result.headers.get("Location") === "/login"),
    ).toHaveLength(30);
  });

  it("do not count a right password against the account", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "busy@example.com", password: PASSWORD });
    for (let attempt = 0; attempt < 15; attempt++)
      expect((await signIn("busy@example.com", PASSWORD)).status).toBe(302);
  });
});
