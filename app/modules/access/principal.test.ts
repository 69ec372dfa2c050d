import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { createSeededTestDb } from "~/test/db";
import { createUserSession } from "~/modules/auth/session.server";
import { countUnread } from "~/modules/notifications/queries.server";
import { principalFor, principalOfUser } from "./principal.server";

let db: DB;

beforeEach(async () => {
  db = await createSeededTestDb();
});

const url = new URL("http://localhost/dashboard");

async function signedIn(userId: number) {
  const cookie = (await createUserSession(db, userId, { ip: null, userAgent: null })).split(";")[0];
  return new Request(url, { headers: { Cookie: cookie } });
}

/** What the session's one query gave, against the principal and the count each read by their own query. */
async function bothWays(userId: number) {
  const { principal, unread } = await principalFor(db, await signedIn(userId), url, "127.0.0.1");
  const alone = await principalOfUser(db, { ...principal.user!, client: null }, "127.0.0.1", principal.loginRedirect);
  return { principal, unread, alone, counted: await countUnread(db, userId) };
}

describe("the session's one query (docs/decisions/0021)", () => {
  it("gives every user the principal and the unread count that their own queries give", async () => {
    const users = await db.selectFrom("users").select(["id", "role"]).orderBy("id").execute();
    expect(new Set(users.map((user) => user.role)).size).toBeGreaterThanOrEqual(5);
    for (const { id } of users) {
      const { principal, unread, alone, counted } = await bothWays(id);
      expect(principal, `user ${id}`).toEqual(alone);
      expect(unread, `user ${id}`).toBe(counted);
    }
  });

  it("agrees for staff without a record, a client admin without a client, and any notifications read or not", async () => {
    const staff = await db
      .selectFrom("users")
      .select(["id", "role"])
      .where("role", "in", ["CLERK", "CLIENT_ADMIN"])
      .orderBy("id")
      .execute();
    const clerk = staff.find((user) => user.role === "CLERK")!;
    const admin = staff.find((user) => user.role === "CLIENT_ADMIN")!;
    const beneficiary = (await db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "BENEFICIARY")
      .executeTakeFirst())!;
    await db.deleteFrom("clerks").where("user_id", "=", clerk.id).execute();
    await db.updateTable("client_admins").set({ client_id: null }).where("user_id", "=", admin.id).execute();
    const people = [clerk.id, admin.id, beneficiary.id];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ who: fc.constantFrom(...people), read: fc.boolean() }), { maxLength: 12 }),
        async (notices) => {
          await db.deleteFrom("notifications").where("user_id", "in", people).execute();
          for (const [index, notice] of notices.entries())
            await db
              .insertInto("notifications")
              .values({
                user_id: notice.who,
                title_en: `N${index}`,
                title_ar: `إشعار ${index}`,
                body_en: "",
                body_ar: "",
                read_at: notice.read ? new Date().toISOString() : null,
              })
              .execute();
          for (const id of people) {
            const { principal, unread, alone, counted } = await bothWays(id);
            expect(principal).toEqual(alone);
            expect(unread).toBe(counted);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
