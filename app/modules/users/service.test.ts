import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/users/password.server";
import { createTestDb, rowWhere } from "~/test/db";
import { createSuperAdmin } from "./service.server";

describe("npm run admin:create", () => {
  it("creates a super admin who can sign in, once", async () => {
    const db = await createTestDb();
    const result = await createSuperAdmin(db, {
      email: "Root@Org.Example",
      password: "Long-Enough-1",
      firstName: "Rana",
      lastName: "Admin",
    });
    expect(result.ok).toBe(true);
    const user = await rowWhere(db, "users", "email", "root@org.example");
    expect(user.role).toBe("SUPER_ADMIN");
    expect(await verifyPassword(user.password_hash, "Long-Enough-1")).toBe(true);
    expect(
      await createSuperAdmin(db, {
        email: "root@org.example",
        password: "Long-Enough-1",
        firstName: "A",
        lastName: "B",
      }),
    ).toMatchObject({ ok: false, error: "A user with this email already exists." });
  });

  it("refuses a short password or a bad email", async () => {
    const db = await createTestDb();
    expect(
      (await createSuperAdmin(db, { email: "x", password: "Long-Enough-1", firstName: "A", lastName: "B" })).ok,
    ).toBe(false);
    expect((await createSuperAdmin(db, { email: "a@b.co", password: "short", firstName: "A", lastName: "B" })).ok).toBe(
      false,
    );
    expect(await db.selectFrom("users").selectAll().execute()).toHaveLength(0);
  });
});
