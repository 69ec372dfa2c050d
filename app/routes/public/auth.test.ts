import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { listAuditEvents } from "~/modules/audit/queries.server";
import { countSessions } from "~/modules/auth/queries.server";
import { getSessionUser } from "~/modules/auth/session.server";
import { readToast } from "~/platform/toast/toast.server";
import { createTestDb, createUser, rowWhere } from "~/test/db";
import { makeContext, postForm, run, statusOf, testUser, postAs, openAs } from "~/test/route";
import * as login from "./login";
import * as logout from "./logout";
import * as register from "./register";

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

const formErrors = (data: unknown) => (data as { error?: Record<string, string[]> }).error ?? {};

describe("sign-in", () => {
  it("signs in with the right password, stores a hashed session and lands on the role's dashboard", async () => {
    const db = await createTestDb();
    const userId = await createUser(db, { email: "clerk@example.com", password: "Right-Pass-1", role: "CLERK" });
    const result = await postAs(makeContext(), login.action, "/login", {
      email: "Clerk@Example.com",
      password: "Right-Pass-1",
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/clerks/dashboard");
    const session = await db.selectFrom("sessions").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
    const cookie = cookieOf(result.headers);
    expect(cookie).toMatch(/^session=/);
    expect(cookie).not.toContain(session.id); // only the hash is stored
    const user = await getSessionUser(db, new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(user?.email).toBe("clerk@example.com");
    expect((await listAuditEvents(db, { action: "auth.sign_in" })).length).toBe(1);
    const { last_sign_in_at } = await db
      .selectFrom("users")
      .select("last_sign_in_at")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(last_sign_in_at!)).toBeLessThan(60_000);
  });

  it("returns to a same-origin redirectTo, never to another site", async () => {
    await createUser(await createTestDb(), { email: "b@example.com", password: "Right-Pass-1" });
    const back = await postAs(makeContext(), login.action, "/login", {
      email: "b@example.com",
      password: "Right-Pass-1",
      redirectTo: "/profile?x=1",
    });
    expect(back.headers.get("Location")).toBe("/profile?x=1");
    const evil = await postAs(makeContext(), login.action, "/login", {
      email: "b@example.com",
      password: "Right-Pass-1",
      redirectTo: "//evil.example/x",
    });
    expect(evil.headers.get("Location")).toBe("/beneficiary/dashboard");
  });

  it("gives one message for a wrong password, an unknown email and an inactive account", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "active@example.com", password: "Right-Pass-1" });
    await createUser(db, { email: "inactive@example.com", password: "Right-Pass-1", status: "INACTIVE" });
    for (const [email, password] of [
      ["active@example.com", "Wrong-Pass-1"],
      ["nobody@example.com", "Right-Pass-1"],
      ["inactive@example.com", "Right-Pass-1"],
    ]) {
      const result = await postAs(makeContext(), login.action, "/login", { email, password });
      expect(result.status).toBe(400);
      expect(formErrors(result.data)[""]).toEqual(["auth.invalidCredentials"]);
    }
    expect(await db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
    expect((await listAuditEvents(db, { action: "auth.sign_in_failed" })).length).toBe(3);
  });

  it("keeps the email but not the password after a failed attempt", async () => {
    await createTestDb();
    const result = await postAs(makeContext(), login.action, "/login", {
      email: "someone@example.com",
      password: "Wrong-Pass-1",
    });
    const reply = result.data as { initialValue?: Record<string, unknown> };
    expect(reply.initialValue?.email).toBe("someone@example.com");
    expect(reply.initialValue?.password).toBeUndefined();
  });

  it("answers 429 after 10 sign-in posts a minute from one IP", async () => {
    await createTestDb();
    const context = makeContext({ ip: "203.0.113.7" });
    for (let attempt = 0; attempt < 10; attempt++) {
      const result = await run(
        login.action,
        postForm("/login", { email: `x${attempt}@example.com`, password: "Wrong-Pass-1" }),
        context,
      );
      expect(result.status).toBe(400);
    }
    const blocked = await postAs(context, login.action, "/login", { email: "y@example.com", password: "Wrong-Pass-1" });
    expect(blocked.status).toBe(429);
    const otherIp = await postAs(makeContext({ ip: "203.0.113.8" }), login.action, "/login", {
      email: "y@example.com",
      password: "Wrong-Pass-1",
    });
    expect(otherIp.status).toBe(400);
  });

  it("sends a signed-in user from /login and /register to /profile with 'You are already logged in'", async () => {
    const db = await createTestDb();
    const id = await createUser(db, { email: "in@example.com" });
    const user = testUser({
      id,
      email: "in@example.com",
      role: "BENEFICIARY" as const,
    });
    for (const loader of [login.loader, register.loader]) {
      const result = await openAs(makeContext({ user }), loader, "/login");
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe("/profile");
      const toast = await readToast(
        new Request("http://localhost/", { headers: { Cookie: cookieOf(result.headers) } }),
      );
      expect(toast?.message).toBe("auth.alreadyLoggedIn");
    }
  });
});

describe("registration", () => {
  const valid = {
    "firstName.english": "Mona",
    "firstName.arabic": "منى",
    "fatherName.english": "Sami",
    "fatherName.arabic": "سامي",
    "lastName.english": "Haddad",
    "lastName.arabic": "حداد",
    email: "mona@example.com",
    phone: "0791234567",
    nin: "12345678901",
    password: "Long-Enough-1",
    confirmPassword: "Long-Enough-1",
  };

  it("creates a beneficiary with an argon2id hash, signs them in and audits it", async () => {
    const db = await createTestDb();
    const result = await postAs(makeContext(), register.action, "/register", valid);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/beneficiary/dashboard");
    const user = await rowWhere(db, "users", "email", "mona@example.com");
    expect(user).toMatchObject({
      role: "BENEFICIARY",
      first_name_ar: "منى",
      last_name_en: "Haddad",
      nin: "12345678901",
      phone: "0791234567",
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await countSessions(db, user.id)).toBe(1);
    expect((await listAuditEvents(db, { action: "auth.register" })).length).toBe(1);
    expect(user.locale).toBe("ar"); // the page's language: Arabic unless chosen
  });

  it("keeps the language of the page they registered on, for their mails", async () => {
    const db = await createTestDb();
    await postAs(makeContext({ language: "en" }), register.action, "/register", valid);
    expect(
      await db.selectFrom("users").select("locale").where("email", "=", "mona@example.com").executeTakeFirstOrThrow(),
    ).toEqual({ locale: "en" });
  });

  it("re-renders with the input kept (not the passwords) and writes nothing when invalid", async () => {
    const db = await createTestDb();
    const result = await postAs(makeContext(), register.action, "/register", { ...valid, nin: "123" });
    expect(result.status).toBe(400);
    const reply = result.data as { initialValue: Record<string, unknown>; error: Record<string, string[]> };
    expect(reply.error.nin).toEqual(["validation.ninExact11"]);
    expect(reply.initialValue.email).toBe("mona@example.com");
    expect(reply.initialValue.password).toBeUndefined();
    expect(await db.selectFrom("users").selectAll().execute()).toHaveLength(0);
  });

  it("refuses an email that already has an account", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "mona@example.com" });
    const result = await postAs(makeContext(), register.action, "/register", valid);
    expect(result.status).toBe(409);
    expect(formErrors(result.data).email).toEqual(["auth.emailTaken"]);
    expect(await db.selectFrom("users").selectAll().execute()).toHaveLength(1);
  });
});

describe("logout", () => {
  it("is POST only", async () => {
    await createTestDb();
    expect(await statusOf(logout.loader, new Request("http://localhost/logout"), makeContext())).toBe(405);
  });

  it("deletes the session row, clears the cookie and says 'You have been logged out.' on /login", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "out@example.com", password: "Right-Pass-1" });
    const signedIn = await postAs(makeContext(), login.action, "/login", {
      email: "out@example.com",
      password: "Right-Pass-1",
    });
    const cookie = cookieOf(signedIn.headers);
    expect(await db.selectFrom("sessions").selectAll().execute()).toHaveLength(1);
    const result = await run(
      logout.action,
      postForm("/logout", {}, { Cookie: cookie, Origin: "http://localhost" }),
      makeContext(),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login");
    expect(await getDb().selectFrom("sessions").selectAll().execute()).toHaveLength(0);
    const toast = await readToast(
      new Request("http://localhost/login", { headers: { Cookie: cookieOf(result.headers) } }),
    );
    expect(toast?.message).toBe("auth.loggedOut");
  });
});
