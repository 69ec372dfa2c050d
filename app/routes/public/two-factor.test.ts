import { describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { SYSTEM } from "~/modules/audit/service.server";
import { createTestDb, createUser } from "~/test/db";
import { makeContext, postForm, run, postAs } from "~/test/route";
import * as login from "~/routes/public/login";
import * as loginTwoFactor from "~/routes/public/login-two-factor";
import { dispatch, routesOf } from "~/routes/api/dispatch.server";
import { OPERATIONS } from "~/routes/api/registry";
import { findTwoFactorState, setPolicy } from "~/modules/two-factor/queries.server";
import {
  checkSecondFactor,
  confirmEnrolment,
  currentCode,
  disableTwoFactor,
  startEnrolment,
  twoFactorStatus,
} from "~/modules/two-factor/service.server";

const PASSWORD = "Right-Pass-1";
const STEP_MS = 30_000;

async function enrolled(db: DB, email: string, role: "BENEFICIARY" | "SUPER_ADMIN" = "BENEFICIARY") {
  const userId = await createUser(db, { email, password: PASSWORD, role });
  await startEnrolment(db, userId);
  const secret = (await findTwoFactorState(db, userId))!.totp_secret!;
  const start = Date.now() - 10 * STEP_MS;
  const enrolledNow = await confirmEnrolment(db, userId, currentCode(secret, start), SYSTEM, start);
  if (!enrolledNow.ok) throw new Error(enrolledNow.error);
  return { userId, secret, codes: enrolledNow.recoveryCodes };
}

const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

describe("two-factor sign-in", () => {
  it("enrols with a first code of the app, and gives ten single-use recovery codes kept as hashes", async () => {
    const db = await createTestDb();
    const { userId, codes } = await enrolled(db, "e@example.com");
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const stored = await db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", userId).execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
    expect(await twoFactorStatus(db, userId)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it("takes each code of the app once, each recovery code once, and locks after 5 tries", async () => {
    const db = await createTestDb();
    const { userId, secret, codes } = await enrolled(db, "c@example.com");
    const now = Date.now();
    expect(await checkSecondFactor(db, userId, currentCode(secret, now), now)).toEqual({ ok: true });
    expect(await checkSecondFactor(db, userId, currentCode(secret, now), now)).toMatchObject({
      error: "twoFactor.wrongCode",
    });
    expect(await checkSecondFactor(db, userId, codes[3], now)).toEqual({ ok: true });
    expect(await checkSecondFactor(db, userId, codes[3], now)).toMatchObject({ error: "twoFactor.wrongCode" });
    expect(await checkSecondFactor(db, userId, "000000", now)).toMatchObject({ error: "twoFactor.wrongCode" });
    expect(await checkSecondFactor(db, userId, currentCode(secret, now + STEP_MS), now + STEP_MS)).toMatchObject({
      error: "twoFactor.locked",
    });
  });

  it("signs in in two steps: the password opens the code page, the code opens the session", async () => {
    const db = await createTestDb();
    const { secret } = await enrolled(db, "two@example.com");
    const first = await postAs(makeContext({ ip: "192.0.2.1" }), login.action, "/login", {
      email: "two@example.com",
      password: PASSWORD,
    });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/login/two-factor");
    expect(await db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    const pending = cookiesOf(first.headers);

    const wrong = await run(
      loginTwoFactor.action,
      postForm("/login/two-factor", { code: "123456" }, { Cookie: pending }),
      makeContext(),
    );
    expect(wrong.status).toBe(400);
    const right = await run(
      loginTwoFactor.action,
      postForm("/login/two-factor", { code: currentCode(secret) }, { Cookie: pending }),
      makeContext(),
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/beneficiary/dashboard");
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(1);

    const withoutPassword = await postAs(makeContext(), loginTwoFactor.action, "/login/two-factor", {
      code: currentCode(secret),
    });
    expect(withoutPassword.status).toBe(302);
    expect(withoutPassword.headers.get("Location")).toBe("/login");
  });

  it("is required of the admins on a fresh deployment: they are sent to enrol, and cannot turn it off", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "root@example.com", password: PASSWORD, role: "SUPER_ADMIN" });
    const signedIn = await postAs(makeContext({ ip: "192.0.2.2" }), login.action, "/login", {
      email: "root@example.com",
      password: PASSWORD,
    });
    expect(signedIn.headers.get("Location")).toBe("/profile/two-factor");
    const { userId, secret } = await enrolled(db, "root2@example.com", "SUPER_ADMIN");
    expect(await disableTwoFactor(db, userId, currentCode(secret), SYSTEM)).toMatchObject({
      error: "twoFactor.cannotTurnOff",
    });
    await setPolicy(db, "SUPER_ADMIN", false);
    expect(await disableTwoFactor(db, userId, currentCode(secret), SYSTEM)).toEqual({ ok: true });
    expect(await twoFactorStatus(db, userId)).toMatchObject({ enabled: false, required: false });
  });

  it("asks the API's sign-in for the code too", async () => {
    const db = await createTestDb();
    const { secret } = await enrolled(db, "api2fa@example.com");
    const routes = routesOf(OPERATIONS);
    const call = (body: object) =>
      dispatch(
        routes,
        new Request("http://localhost/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        makeContext({ ip: "192.0.2.3" }),
        () => null,
      );
    const without = await call({ email: "api2fa@example.com", password: PASSWORD });
    expect(without.status).toBe(401);
    expect(((await without.json()) as { error: { code: string } }).error.code).toBe("TWO_FACTOR_REQUIRED");
    const withCode = await call({ email: "api2fa@example.com", password: PASSWORD, code: currentCode(secret) });
    expect(withCode.status).toBe(200);
    await createUser(db, { email: "admin@example.com", password: PASSWORD, role: "SERVICE_ADMIN" });
    expect((await call({ email: "admin@example.com", password: PASSWORD })).status).toBe(403);
  });
});
