import { beforeEach, describe, expect, it } from "vitest";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";
import type { DB } from "~/platform/db/db.server";
import { principalFor } from "~/modules/access/principal.server";
import { createUserSession } from "~/modules/auth/session.server";
import { verifyPassword } from "~/modules/users/password.server";
import { createSeededTestDb, sessionUserOf, auditEventsSinceSeed, rowWhere, BELOW_SUPER_ADMIN } from "~/test/db";
import { makeContext, run, statusOf, openAs, withUrl } from "~/test/route";
import * as clientAdminForm from "./client-admin-form";
import * as clientAdminDetail from "./client-admin";
import * as serviceAdminForm from "./service-admin-form";
import * as serviceAdminDetail from "./service-admin";
import * as serviceAdminList from "./service-admins";
import * as peopleExport from "./people-export";

let db: DB;

const userOf = (email: string) => sessionUserOf(db, email);

/** A form post; an array value is sent as repeated fields (checkboxes). */
function post(path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(key, item);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const person = {
  "firstName.english": "Rami",
  "firstName.arabic": "رامي",
  "lastName.english": "Aziz",
  "lastName.arabic": "عزيز",
  email: "Rami.Aziz@Example.com",
  phone: "0791234567",
  nin: "9871234560",
  password: "Strong-Pass-1",
};
const clientAdmin = {
  ...person,
  email: "new.admin@example.com",
  jobTitle: "Registrar",
  canDoAttestation: "on",
  permissions: ["catalogue:write", "request:update"],
};

const audits = async (action: string) => (await auditEventsSinceSeed(db, action)).length;
const users = async () => (await db.selectFrom("users").select("id").execute()).length;
const errorsOf = (outcome: { data: unknown }) => (outcome.data as { error: Record<string, string[] | null> }).error;
const messagesOf = (key: string) => {
  const [group, name] = key.split(".") as ["validation", string];
  return [(en[group] as Record<string, string>)[name], (ar[group] as Record<string, string>)[name]];
};

async function principalOfSession(userId: number) {
  const cookie = (await createUserSession(db, userId, { ip: null, userAgent: null })).split(";")[0];
  const request = () => new Request("http://localhost/dashboard", { headers: { Cookie: cookie } });
  return {
    now: async () => (await principalFor(db, request(), new URL("http://localhost/dashboard"), null)).principal,
  };
}

beforeEach(async () => {
  db = await createSeededTestDb();
});

describe("service admins (super admin)", () => {
  it("creates one with a lower-cased email and a hashed password, audited, listed, and able to sign in", async () => {
    const context = makeContext({ user: await userOf("superadmin@example.com") });
    const created = await run(
      serviceAdminForm.action,
      post("/super-admin/service-admins-management/create", person),
      context,
    );
    expect(created.status).toBe(302);
    const row = await rowWhere(db, "users", "email", "rami.aziz@example.com");
    expect([row.role, row.status, row.phone, row.nin, row.first_name_ar]).toEqual([
      "SERVICE_ADMIN",
      "ACTIVE",
      "0791234567",
      "9871234560",
      "رامي",
    ]);
    expect(await verifyPassword(row.password_hash, "Strong-Pass-1")).toBe(true);
    expect(created.headers.get("Location")).toBe(`/super-admin/service-admins-management/${row.id}`);
    expect(await audits("service_admin.create")).toBe(1);
    const listed = await openAs(context, serviceAdminList.loader, "/super-admin/service-admins-management?q=rami.aziz");
    expect((listed.data as { rows: { id: number }[] }).rows.map((r) => r.id)).toEqual([row.id]);
  });

  it("says every message of the spec's 'Admin form', in English and Arabic, and writes nothing", async () => {
    const context = makeContext({ user: await userOf("superadmin@example.com") });
    const before = await users();
    const outcome = await run(
      serviceAdminForm.action,
      post("/super-admin/service-admins-management/create", { email: "not-an-email", password: "short" }),
      context,
    );
    expect(outcome.status).toBe(400);
    const error = errorsOf(outcome);
    const expected = {
      "firstName.english": ["validation.firstNameEnglishRequired", "English first name is required"],
      "firstName.arabic": ["validation.firstNameArabicRequired", "Arabic first name is required"],
      "lastName.english": ["validation.lastNameEnglishRequired", "English last name is required"],
      "lastName.arabic": ["validation.lastNameArabicRequired", "Arabic last name is required"],
      email: ["validation.invalidEmailFormat", "Invalid email format"],
      phone: ["validation.phoneRequired", "Phone number is required"],
      nin: ["validation.nationalIdRequired", "National ID is required"],
      password: ["validation.passwordMin8", "Password must be at least 8 characters"],
    };
    for (const [field, [key, english]] of Object.entries(expected)) {
      expect(error[field], field).toEqual([key]);
      const [enText, arText] = messagesOf(key);
      expect(enText).toBe(english);
      expect(arText, key).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await users()).toBe(before);
    expect(await audits("service_admin.create")).toBe(0);
  });

  it("refuses an email already used, whatever its case, and keeps the input", async () => {
    const context = makeContext({ user: await userOf("superadmin@example.com") });
    const before = await users();
    const outcome = await run(
      serviceAdminForm.action,
      post("/super-admin/service-admins-management/create", { ...person, email: "ClientAdmin@EXAMPLE.com" }),
      context,
    );
    expect(outcome.status).toBe(409);
    expect(errorsOf(outcome).email).toEqual(["auth.emailTaken"]);
    expect((outcome.data as { initialValue: Record<string, unknown> }).initialValue.email).toBe(
      "ClientAdmin@EXAMPLE.com",
    );
    expect(await users()).toBe(before);
  });

  it("is refused (403) to the service admin and everyone below; another role's id is 404", async () => {
    for (const email of BELOW_SUPER_ADMIN) {
      const outcome = await run(
        serviceAdminForm.action,
        post("/super-admin/service-admins-management/create", person),
        makeContext({ user: await userOf(email), area: "super-admin" }),
      );
      expect(outcome.status, email).toBe(403);
    }
    const context = makeContext({ user: await userOf("superadmin@example.com") });
    const clientAdminId = (await userOf("clientadmin@example.com")).id;
    expect((await openAs(context, serviceAdminDetail.loader, "/x", { id: String(clientAdminId) })).status).toBe(404);
    expect(await statusOf(serviceAdminDetail.loader, new Request("http://localhost/x"), context, { id: "abc" })).toBe(
      404,
    );
    expect(await users()).toBe(9);
  });
});

describe("client admins", () => {
  it("are created without a client, with job title, canDoAttestation and the chosen permissions", async () => {
    const context = makeContext({ user: await userOf("serviceadmin@example.com") });
    const created = await run(
      clientAdminForm.action,
      post("/service-admin/client-admins-management/create", clientAdmin),
      context,
    );
    expect(created.status).toBe(302);
    const row = await db
      .selectFrom("users")
      .innerJoin("client_admins", "client_admins.user_id", "users.id")
      .select([
        "users.id",
        "users.role",
        "client_admins.client_id",
        "client_admins.job_title",
        "client_admins.permissions",
        "client_admins.can_do_attestation",
      ])
      .where("users.email", "=", "new.admin@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: "CLIENT_ADMIN", client_id: null, job_title: "Registrar", can_do_attestation: 1 });
    expect(JSON.parse(row.permissions)).toEqual(["catalogue:write", "request:update"]);
    expect(await audits("client_admin.create")).toBe(1);
  });

  it("need a job title ('Job title is required') and at least one permission", async () => {
    const context = makeContext({ user: await userOf("serviceadmin@example.com") });
    const outcome = await run(
      clientAdminForm.action,
      post("/service-admin/client-admins-management/create", { ...clientAdmin, jobTitle: "", permissions: [] }),
      context,
    );
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome).jobTitle).toEqual(["validation.jobTitleRequired"]);
    expect(errorsOf(outcome).permissions).toEqual(["validation.permissionRequired"]);
    expect(messagesOf("validation.jobTitleRequired")).toEqual(["Job title is required", "المسمى الوظيفي مطلوب"]);
  });

  it("permissions take effect on the admin's next request", async () => {
    const admin = await userOf("clientadmin@example.com");
    const session = await principalOfSession(admin.id);
    expect((await session.now()).capabilities.has("request:issue")).toBe(true);
    const context = makeContext({ user: await userOf("serviceadmin@example.com") });
    const saved = await run(
      clientAdminForm.action,
      post(`/service-admin/client-admins-management/edit/${admin.id}`, {
        ...clientAdmin,
        email: admin.email,
        password: "",
        permissions: ["catalogue:write"],
      }),
      context,
      { id: String(admin.id) },
    );
    expect(saved.status).toBe(302);
    const capabilities = (await session.now()).capabilities;
    expect(capabilities.has("catalogue:write")).toBe(true);
    expect(capabilities.has("request:issue")).toBe(false);
    expect(capabilities.has("request:update")).toBe(false);
    expect(await audits("client_admin.update")).toBe(1);
  });

  it("are deactivated, not deleted: their sessions end at once; reactivated, they sign in again", async () => {
    const admin = await userOf("clientadmin@example.com");
    const session = await principalOfSession(admin.id);
    expect((await session.now()).role).toBe("CLIENT_ADMIN");
    const context = makeContext({ user: await userOf("superadmin@example.com") });
    const path = `/super-admin/client-admins-management/${admin.id}`;
    const deactivated = await run(clientAdminDetail.action, post(path, { intent: "deactivate" }), context, {
      id: String(admin.id),
    });
    expect(deactivated.status).toBe(302);
    expect((await session.now()).role).toBeNull();
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", admin.id).execute()).toEqual([]);
    const row = await db.selectFrom("users").select("status").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("INACTIVE");
    await run(clientAdminDetail.action, post(path, { intent: "reactivate" }), context, { id: String(admin.id) });
    expect((await principalOfSession(admin.id).then((again) => again.now())).role).toBe("CLIENT_ADMIN");
    expect([await audits("client_admin.deactivate"), await audits("client_admin.reactivate")]).toEqual([1, 1]);
    const unknown = await run(clientAdminDetail.action, post(path, { intent: "delete" }), context, {
      id: String(admin.id),
    });
    expect(unknown.status).toBe(400);
    expect(await db.selectFrom("users").select("id").where("id", "=", admin.id).execute()).toHaveLength(1);
  });
});

describe("people lists as CSV", () => {
  it("export the list with its search: a BOM, a header in the user's language, one row per person", async () => {
    const superAdmin = await sessionUserOf(db, "superadmin@example.com");
    const response = (await peopleExport.loader({
      ...withUrl(
        new Request("http://localhost/super-admin/beneficiaries-management/export?q=beneficiary&format=csv&page=2"),
      ),
      context: makeContext({ user: superAdmin, language: "ar" }),
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]).toBe("الرقم,الاسم,البريد الإلكتروني,الهاتف,الرقم الوطني,الحالة,الجهة,تاريخ الإنشاء");
    const emails = lines.slice(1).map((line) => line.split(",")[2]);
    expect(emails).toEqual(["beneficiary@example.com", "beneficiary2@example.com", "beneficiary3@example.com"]);
    expect(lines[1].split(",")[1]).toBe("أحمد حسن");
    expect(lines[1].split(",")[7]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const clerks = (await peopleExport.loader({
      ...withUrl(new Request("http://localhost/client-admin/clerks/export?format=csv")),
      context: makeContext({ user: await sessionUserOf(db, "clientadmin@example.com"), language: "en" }),
      params: {},
    } as never)) as Response;
    const clerkLines = (await clerks.text()).trimEnd().split("\r\n");
    expect(clerkLines.slice(1).map((line) => line.split(",")[6])).toEqual(["Demo University"]);
  });
});
