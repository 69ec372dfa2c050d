import { describe, expect, it } from "vitest";
import { countSessions } from "~/modules/auth/queries.server";
import { signIn } from "~/modules/auth/service.server";
import { createUserSession, sessionIdOf } from "~/modules/auth/session.server";
import { createTestDb, createUser, sessionUserOf } from "~/test/db";
import { makeContext, postForm, run, statusOf, postAs, openAs } from "~/test/route";
import * as edit from "./profile-edit";

const profile = {
  "firstName.english": "Lina",
  "firstName.arabic": "لينا",
  "fatherName.english": "Omar",
  "fatherName.arabic": "عمر",
  "lastName.english": "Haddad",
  "lastName.arabic": "حداد",
  phone: "0799999999",
  locale: "en",
  calendar: "HIJRI",
};
const errorsOf = (outcome: { data: unknown }) => (outcome.data as { error: Record<string, string[] | null> }).error;

async function setUp() {
  const db = await createTestDb();
  const userId = await createUser(db, { email: "me@example.com", password: "Old-Pass-12" });
  const otherId = await createUser(db, { email: "other@example.com" });
  return { db, userId, otherId, user: await sessionUserOf(db, "me@example.com") };
}

describe("profile edit (docs/architecture.md §17)", () => {
  it("saves one's names, phone and mail language; another user's id is 404", async () => {
    const { db, userId, otherId, user } = await setUp();
    const context = makeContext({ user });
    const page = await openAs(context, edit.loader, `/user/profile/${userId}/edit`, {
      id: String(userId),
    });
    expect(page.status).toBe(200);
    expect(
      await statusOf(edit.loader, new Request(`http://localhost/user/profile/${otherId}/edit`), context, {
        id: String(otherId),
      }),
    ).toBe(404);
    expect(
      (await postAs(context, edit.action, `/user/profile/${otherId}/edit`, profile, { id: String(otherId) })).status,
    ).toBe(404);

    const saved = await postAs(context, edit.action, `/user/profile/${userId}/edit`, profile, {
      id: String(userId),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile");
    expect(
      await db
        .selectFrom("users")
        .select(["first_name_en", "father_name_ar", "phone", "locale", "calendar"])
        .where("id", "=", userId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      first_name_en: "Lina",
      father_name_ar: "عمر",
      phone: "0799999999",
      locale: "en",
      calendar: "HIJRI",
    });
    expect(await db.selectFrom("users").select("phone").where("id", "=", otherId).executeTakeFirstOrThrow()).toEqual({
      phone: null,
    });
    expect(
      await db.selectFrom("audit_events").select("action").where("action", "=", "profile.update").execute(),
    ).toHaveLength(1);
  });

  it("keeps the input and writes nothing when the phone is too short", async () => {
    const { db, userId, user } = await setUp();
    const outcome = await postAs(
      makeContext({ user }),
      edit.action,
      `/user/profile/${userId}/edit`,
      { ...profile, phone: "0791" },
      { id: String(userId) },
    );
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome).phone).toEqual(["validation.phoneMin9"]);
    expect(
      await db.selectFrom("users").select("first_name_en").where("id", "=", userId).executeTakeFirstOrThrow(),
    ).toEqual({ first_name_en: "Test" });
  });

  it("changes the password with the current one and ends every other session", async () => {
    const { db, userId, user } = await setUp();
    const current = (await createUserSession(db, userId, { ip: null, userAgent: null })).split(";")[0];
    await createUserSession(db, userId, { ip: null, userAgent: null });
    const url = `/user/profile/${userId}/edit?domain=password`;
    const post = (fields: Record<string, string>) => postForm(url, fields, { Cookie: current });

    const wrong = await run(
      edit.action,
      post({ currentPassword: "Not-It-123", password: "New-Pass-12", confirmPassword: "New-Pass-12" }),
      makeContext({ user }),
      { id: String(userId) },
    );
    expect(errorsOf(wrong).currentPassword).toEqual(["profile.edit.currentPasswordWrong"]);
    const short = await run(
      edit.action,
      post({ currentPassword: "Old-Pass-12", password: "short", confirmPassword: "short" }),
      makeContext({ user }),
      { id: String(userId) },
    );
    expect(errorsOf(short).password).toEqual(["validation.passwordMin8"]);
    expect(await countSessions(db, userId)).toBe(2);

    const changed = await run(
      edit.action,
      post({ currentPassword: "Old-Pass-12", password: "New-Pass-12", confirmPassword: "New-Pass-12" }),
      makeContext({ user }),
      { id: String(userId) },
    );
    expect(changed.status).toBe(302);
    const kept = await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
    expect(kept).toEqual([{ id: sessionIdOf(new Request("http://localhost/", { headers: { Cookie: current } })) }]); // this one stays
    expect((await signIn(db, "me@example.com", "Old-Pass-12", null)).ok).toBe(false);
    expect((await signIn(db, "me@example.com", "New-Pass-12", null)).ok).toBe(true);
  });
});
