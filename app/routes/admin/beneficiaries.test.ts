import { beforeEach, describe, expect, it } from "vitest";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";
import type { DB } from "~/platform/db/db.server";
import { countSessions } from "~/modules/auth/queries.server";
import { createUserSession } from "~/modules/auth/session.server";
import { createSeededTestDb, sessionUserOf, BELOW_SUPER_ADMIN } from "~/test/db";
import { makeContext, postForm, run, statusOf, postAs, openAs } from "~/test/route";
import * as detail from "./beneficiary";
import * as form from "./beneficiary-form";
import * as list from "./beneficiaries";

let db: DB;
beforeEach(async () => {
  db = await createSeededTestDb();
});

const person = {
  "firstName.english": "Maya",
  "firstName.arabic": "مايا",
  "lastName.english": "Tamimi",
  "lastName.arabic": "تميمي",
  email: "maya@example.com",
  phone: "0795550000",
  nin: "20001112223",
  password: "Maya-Pass-123",
};
const errorsOf = (outcome: { data: unknown }) => (outcome.data as { error: Record<string, string[] | null> }).error;
const superAdmin = async () =>
  makeContext({ user: await sessionUserOf(db, "superadmin@example.com"), area: "super-admin" });
const textOf = (messages: typeof en, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);

describe("beneficiaries management", () => {
  it("says the spec's 'User create' messages, in English and Arabic, and writes nothing", async () => {
    const before = (await db.selectFrom("users").select("id").execute()).length;
    const outcome = await run(
      form.action,
      postForm("/super-admin/beneficiaries-management/create", {
        ...person,
        email: "maya@",
        phone: "123",
        nin: "1234567",
        password: "short",
      }),
      await superAdmin(),
    );
    expect(outcome.status).toBe(400);
    const expected = {
      email: ["validation.invalidEmail", "Invalid email"],
      phone: ["validation.phoneTooShort", "Phone number too short"],
      nin: ["validation.invalidNationalId", "Invalid national ID"],
      password: ["validation.passwordTooShort", "Password too short"],
    };
    for (const [field, [key, english]] of Object.entries(expected)) {
      expect(errorsOf(outcome)[field], field).toEqual([key]);
      expect(textOf(en, key)).toBe(english);
      expect(textOf(ar, key) as string).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await db.selectFrom("users").select("id").execute()).length).toBe(before);
  });

  it("creates a beneficiary, finds them by phone or national id, edits them with the 'User edit' rules", async () => {
    const context = await superAdmin();
    const created = await postAs(context, form.action, "/super-admin/beneficiaries-management/create", person);
    expect(created.status).toBe(302);
    const row = await db
      .selectFrom("users")
      .select(["id", "role", "status"])
      .where("email", "=", "maya@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: "BENEFICIARY", status: "ACTIVE" });
    for (const q of ["0795550000", "20001112223", "Tamimi", "maya@"]) {
      const found = await openAs(
        context,
        list.loader,
        `/super-admin/beneficiaries-management?q=${encodeURIComponent(q)}`,
      );
      expect(
        (found.data as { rows: { id: number }[] }).rows.map((r) => r.id),
        q,
      ).toEqual([row.id]);
    }
    // 'User edit': a national id of 6 digits is accepted on edit (not on create); the password may stay empty.
    const edited = await postAs(
      context,
      form.action,
      `/super-admin/beneficiaries-management/edit/${row.id}`,
      { ...person, nin: "123456", password: "" },
      { id: String(row.id) },
    );
    expect(edited.status).toBe(302);
    expect(await db.selectFrom("users").select("nin").where("id", "=", row.id).executeTakeFirstOrThrow()).toEqual({
      nin: "123456",
    });
    const short = await postAs(
      context,
      form.action,
      `/super-admin/beneficiaries-management/edit/${row.id}`,
      { ...person, nin: "12345" },
      { id: String(row.id) },
    );
    expect(errorsOf(short).nin).toEqual(["validation.invalidNationalId"]);
  });

  it("shows a beneficiary's latest requests with the link to all of them; deactivation ends their sessions", async () => {
    const context = await superAdmin();
    const beneficiary = await sessionUserOf(db, "beneficiary@example.com");
    const page = await openAs(context, detail.loader, `/super-admin/beneficiaries-management/${beneficiary.id}`, {
      id: String(beneficiary.id),
    });
    const requests = (page.data as { latestRequests: { id: number }[] }).latestRequests;
    expect(requests.length).toBeGreaterThan(0);
    // The demo data's: beneficiary@ asked for three, the newest first.
    expect(
      (page.data as { latestAttestations: { document_name: string }[] }).latestAttestations.map(
        (row) => row.document_name,
      ),
    ).toEqual([
      "Certificate of experience",
      "Letter of recommendation",
      "Certificate of enrolment, 2021",
      "Bachelor's diploma, 2019",
    ]);
    const fileId = (
      await db
        .insertInto("files")
        .values({
          sha256: "0".repeat(64),
          size: 1,
          mime_type: "application/pdf",
          original_name: "degree.pdf",
          storage_key: "k",
          created_by: beneficiary.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto("attestations")
      .values({ beneficiary_id: beneficiary.id, client_id: 1, document_name: "Degree certificate", file_id: fileId })
      .execute();
    const again = await openAs(context, detail.loader, `/super-admin/beneficiaries-management/${beneficiary.id}`, {
      id: String(beneficiary.id),
    });
    expect(
      (again.data as { latestAttestations: { document_name: string; status: string }[] }).latestAttestations[0],
    ).toMatchObject({ document_name: "Degree certificate", status: "PENDING" });
    await createUserSession(db, beneficiary.id, { ip: null, userAgent: null });
    const path = `/super-admin/beneficiaries-management/${beneficiary.id}`;
    await postAs(context, detail.action, path, { intent: "deactivate" }, { id: String(beneficiary.id) });
    expect(await countSessions(db, beneficiary.id)).toBe(0);
    expect(
      (await db.selectFrom("users").select("status").where("id", "=", beneficiary.id).executeTakeFirstOrThrow()).status,
    ).toBe("INACTIVE");
    await postAs(context, detail.action, path, { intent: "reactivate" }, { id: String(beneficiary.id) });
    expect(
      (await db.selectFrom("users").select("status").where("id", "=", beneficiary.id).executeTakeFirstOrThrow()).status,
    ).toBe("ACTIVE");
    // A clerk's id is not a beneficiary's: 404.
    const clerk = await sessionUserOf(db, "clerk@example.com");
    expect(
      await statusOf(
        detail.loader,
        new Request(`http://localhost/super-admin/beneficiaries-management/${clerk.id}`),
        context,
        { id: String(clerk.id) },
      ),
    ).toBe(404);
  });

  it("is the super admin's only (403 for the service admin and below)", async () => {
    for (const email of BELOW_SUPER_ADMIN) {
      const outcome = await run(
        list.loader,
        new Request("http://localhost/super-admin/beneficiaries-management"),
        makeContext({ user: await sessionUserOf(db, email), area: "super-admin" }),
      );
      expect(outcome.status, email).toBe(403);
    }
  });
});
