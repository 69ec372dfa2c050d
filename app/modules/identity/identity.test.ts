import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { migrations } from "~/platform/db/migrations";
import { registerBeneficiary } from "~/modules/auth/service.server";
import type { RegisterInput } from "~/modules/auth/schema";
import { createPerson, editPerson } from "~/modules/people/service.server";
import { createSeededTestDb, rowWhere } from "~/test/db";
import { confirmNinInPerson } from "./service.server";

let db: DB;
beforeEach(async () => {
  db = await createSeededTestDb();
});

const userBy = (email: string) =>
  db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
const SYSTEM = { userId: null, role: null, ip: null };

const registration = (email: string, nin: string): RegisterInput => ({
  firstName: { english: "Sami", arabic: "سامي" },
  fatherName: { english: "Omar", arabic: "عمر" },
  lastName: { english: "Haddad", arabic: "حداد" },
  email,
  phone: "0790123456",
  nin,
  password: "Secret-Pass-1",
  confirmPassword: "Secret-Pass-1",
});

describe("one person, one national ID", () => {
  it("refuses to register a national ID another account holds, in both languages, and writes nothing", async () => {
    const held = (await userBy("beneficiary@example.com")).nin!;
    const before = await db.selectFrom("users").select("id").execute();
    expect(await registerBeneficiary(db, registration("sami@example.com", held), null)).toMatchObject({
      ok: false,
      error: "validation.ninTaken",
      field: "nin",
    });
    expect(await db.selectFrom("users").select("id").execute()).toHaveLength(before.length);
    expect((await registerBeneficiary(db, registration("sami@example.com", "12345678901"), null)).ok).toBe(true);
  });

  it("refuses it in the admin forms, creating or editing, and the database refuses a second one too", async () => {
    const held = (await userBy("beneficiary@example.com")).nin!;
    const person = {
      firstName: { english: "Lina", arabic: "لينا" },
      lastName: { english: "Saleh", arabic: "صالح" },
      email: "lina@example.com",
      phone: "0790123456",
      nin: held,
    };
    expect(await createPerson(db, "SERVICE_ADMIN", person, SYSTEM)).toMatchObject({
      ok: false,
      error: "validation.ninTaken",
      field: "nin",
    });
    const made = await createPerson(db, "SERVICE_ADMIN", { ...person, nin: "55555555555" }, SYSTEM);
    expect(made.ok).toBe(true);
    const id = (made as { id: number }).id;
    expect((await editPerson(db, "SERVICE_ADMIN", id, person, SYSTEM)).ok).toBe(false);
    await expect(db.updateTable("users").set({ nin: held }).where("id", "=", id).execute()).rejects.toThrow();
  });

  it("keeps and marks the national IDs several accounts held before, and keeps the others unique", async () => {
    const migration = migrations["2026-12-04T0020_national_id_identity"];
    await migration.down!(db);
    const held = (await userBy("beneficiary@example.com")).nin!;
    await db.updateTable("users").set({ nin: held }).where("email", "=", "beneficiary2@example.com").execute();
    await migration.up(db);
    const marked = await db.selectFrom("users").select(["email", "nin"]).where("nin_duplicate", "=", 1).execute();
    expect(marked.map((row) => row.email).sort()).toEqual(["beneficiary2@example.com", "beneficiary@example.com"]);
    expect(marked.every((row) => row.nin === held)).toBe(true);
  });
});

describe("a national ID confirmed in person", () => {
  it("is verified with who, when and for which organisation; a changed national ID is verified no more", async () => {
    const holder = await userBy("beneficiary@example.com");
    const clerk = await userBy("clerk@example.com");
    const actor = { userId: clerk.id, role: "CLERK" as const, ip: null };
    expect(await confirmNinInPerson(db, actor, { userId: holder.id, nin: "00000000000" }, 1)).toMatchObject({
      ok: false,
      error: "identity.confirm.changed",
    });
    expect((await userBy(holder.email)).nin_verified_at).toBeNull();
    expect(await confirmNinInPerson(db, actor, { userId: holder.id, nin: holder.nin! }, 1)).toEqual({ ok: true });
    const verified = await userBy(holder.email);
    expect(verified).toMatchObject({
      nin_verified_method: "IN_PERSON",
      nin_verified_by: clerk.id,
      nin_verified_client_id: 1,
    });
    expect(verified.nin_verified_at).not.toBeNull();
    // Posted again (a second tab, a crafted post): refused, and the first verification stands.
    expect(await confirmNinInPerson(db, actor, { userId: holder.id, nin: holder.nin! }, 2)).toMatchObject({
      ok: false,
      error: "identity.confirm.alreadyVerified",
    });
    expect((await userBy(holder.email)).nin_verified_client_id).toBe(1);
    const event = await rowWhere(db, "audit_events", "action", "beneficiary.nin_verified");
    expect(event).toMatchObject({ actor_user_id: clerk.id, entity_id: holder.id, client_id: 1 });

    const edited = {
      firstName: { english: holder.first_name_en, arabic: holder.first_name_ar },
      lastName: { english: holder.last_name_en, arabic: holder.last_name_ar },
      email: holder.email,
      phone: holder.phone ?? "0790000000",
    };
    expect((await editPerson(db, "BENEFICIARY", holder.id, { ...edited, nin: holder.nin! }, SYSTEM)).ok).toBe(true);
    expect((await userBy(holder.email)).nin_verified_at).not.toBeNull();
    expect((await editPerson(db, "BENEFICIARY", holder.id, { ...edited, nin: "66666666666" }, SYSTEM)).ok).toBe(true);
    expect(await userBy(holder.email)).toMatchObject({
      nin_verified_at: null,
      nin_verified_method: null,
      nin_verified_by: null,
    });
  });
});
