import { beforeEach, describe, expect, it } from "vitest";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";
import type { DB } from "~/platform/db/db.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import { readToast } from "~/platform/toast/toast.server";
import { toastValues } from "~/platform/toast/toast";
import { auditEventsSinceSeed, createSeededTestDb, sessionUserOf, rowWhere } from "~/test/db";
import { makeContext, postForm, run, postAs, openAs, withUrl } from "~/test/route";
import * as clientAdminForm from "./client-admin-form";
import * as detail from "./client";
import * as form from "./client-form";
import * as list from "./clients";
import * as listExport from "./clients-export";

let db: DB;

const userOf = (email: string) => sessionUserOf(db, email);

const audits = async (action: string) => (await auditEventsSinceSeed(db, action)).length;
const clientCount = async () => (await db.selectFrom("clients").select("id").execute()).length;
const errorsOf = (outcome: { data: unknown }) => (outcome.data as { error: Record<string, string[] | null> }).error;

async function newClientAdmin(context: ReturnType<typeof makeContext>) {
  const body = new URLSearchParams({
    "firstName.english": "Huda",
    "firstName.arabic": "هدى",
    "lastName.english": "Salem",
    "lastName.arabic": "سالم",
    email: "huda@example.com",
    phone: "0790000001",
    nin: "1234567890",
    password: "Strong-Pass-1",
    jobTitle: "Director",
    permissions: "catalogue:write",
  });
  await run(
    clientAdminForm.action,
    new Request("http://localhost/service-admin/client-admins-management/create", { method: "POST", body }),
    context,
  );
  return (await userOf("huda@example.com")).id;
}

beforeEach(async () => {
  db = await createSeededTestDb();
});

describe("clients (service admin, super admin)", () => {
  it("creates a client with its category and primary admin, which assigns the admin; audited and listed", async () => {
    const context = makeContext({ user: await userOf("serviceadmin@example.com") });
    const adminId = await newClientAdmin(context);
    const category = await db.selectFrom("client_categories").select("id").executeTakeFirstOrThrow();
    const fields = {
      "name.english": "Northern College",
      "name.arabic": "كلية الشمال",
      "address.english": "Irbid, University Street",
      "address.arabic": "إربد، شارع الجامعة",
      clientCategoryId: String(category.id),
      clientAdminId: String(adminId),
      canDoAttestation: "on",
    };
    const created = await postAs(context, form.action, "/service-admin/clients-management/create", fields);
    expect(created.status).toBe(302);
    const client = await rowWhere(db, "clients", "name_en", "Northern College");
    expect(client).toMatchObject({
      address_en: "Irbid, University Street",
      address_ar: "إربد، شارع الجامعة",
      client_category_id: category.id,
      client_admin_id: adminId,
      can_do_attestation: 1,
      can_do_sincera: 0,
    });
    expect(created.headers.get("Location")).toBe(`/service-admin/clients-management/${client.id}`);
    const record = await db
      .selectFrom("client_admins")
      .select("client_id")
      .where("user_id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(record.client_id).toBe(client.id);
    expect(await audits("client.create")).toBe(1);
    const listed = await openAs(context, list.loader, "/service-admin/clients-management?q=northern");
    expect((listed.data as { rows: { id: number }[] }).rows.map((row) => row.id)).toEqual([client.id]);
    // Now that the admin has a client, another client cannot name them.
    const again = await postAs(context, form.action, "/service-admin/clients-management/create", {
      ...fields,
      "name.english": "Other",
    });
    expect(again.status).toBe(409);
    expect(errorsOf(again).clientAdminId).toEqual(["admin.clientAdminTaken"]);
    const page = await openAs(context, detail.loader, `/service-admin/clients-management/${client.id}`, {
      id: String(client.id),
    });
    expect((page.data as { admins: { id: number }[] }).admins.map((row) => row.id)).toEqual([adminId]);
  });

  it("says 'Address must be at least 6 characters' and 'Client category is required' in both languages, writing nothing", async () => {
    const context = makeContext({ user: await userOf("superadmin@example.com") });
    const before = await clientCount();
    const outcome = await postAs(context, form.action, "/super-admin/clients-management/create", {
      "name.english": "X",
      "name.arabic": "س",
      "address.english": "Amman",
    });
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)["address.english"]).toEqual(["validation.addressMin"]);
    expect(errorsOf(outcome).clientCategoryId).toEqual(["validation.clientCategoryRequired"]);
    expect([en.validation.addressMin, en.validation.clientCategoryRequired]).toEqual([
      "Address must be at least 6 characters",
      "Client category is required",
    ]);
    expect(ar.validation.addressMin).toMatch(/6/);
    expect(ar.validation.clientCategoryRequired).toMatch(/[\u0600-\u06FF]/);
    expect(await clientCount()).toBe(before);
  });

  it("keeps a client that still has admins, clerks, categories or requests: the page lists them and nothing changes", async () => {
    const context = makeContext({ user: await userOf("superadmin@example.com") });
    const refused = await postAs(
      context,
      detail.action,
      "/super-admin/clients-management/1",
      { intent: "delete" },
      { id: "1" },
    );
    expect(refused.status).toBe(409);
    const references = (refused.data as { details: Record<string, number> }).details;
    expect(references.admins).toBeGreaterThan(0);
    expect(references.categories).toBeGreaterThan(0);
    expect(await audits("client.delete")).toBe(0);
    const category = await db.selectFrom("client_categories").select("id").executeTakeFirstOrThrow();
    await postAs(context, form.action, "/super-admin/clients-management/create", {
      "name.english": "Empty",
      "name.arabic": "فارغة",
      clientCategoryId: String(category.id),
    });
    const empty = await db.selectFrom("clients").select("id").where("name_en", "=", "Empty").executeTakeFirstOrThrow();
    const deleted = await postAs(
      context,
      detail.action,
      `/super-admin/clients-management/${empty.id}`,
      { intent: "delete" },
      { id: String(empty.id) },
    );
    expect(deleted.status).toBe(302);
    expect(await audits("client.delete")).toBe(1);
    const toast = readToast(
      new Request("http://localhost/", {
        headers: {
          Cookie: deleted.headers
            .getSetCookie()
            .map((cookie) => cookie.split(";")[0])
            .join("; "),
        },
      }),
    );
    expect(toast?.params).toEqual({ name: { en: "Empty", ar: "فارغة" } });
    expect(i18nFor("ar").t(toast!.message, toastValues(toast!.params, "ar", i18nFor("ar").t))).toBe(
      "تم حذف \u2068فارغة\u2069.",
    );
  });

  it("is refused (403) to client admins, clerks and beneficiaries", async () => {
    const before = await clientCount();
    for (const email of ["clientadmin@example.com", "clerk@example.com", "beneficiary@example.com"]) {
      const outcome = await run(
        form.action,
        postForm("/service-admin/clients-management/create", {
          "name.english": "X",
          "name.arabic": "س",
          clientCategoryId: "1",
        }),
        makeContext({ user: await userOf(email), area: "service-admin" }),
      );
      expect(outcome.status, email).toBe(403);
    }
    expect(await clientCount()).toBe(before);
  });
});

describe("clients as CSV", () => {
  it("export the list with its search: a BOM, the header in the user's language, one row per client", async () => {
    const context = makeContext({ user: await userOf("serviceadmin@example.com"), language: "en" });
    const response = (await listExport.loader({
      ...withUrl(new Request("http://localhost/service-admin/clients-management/export?format=csv&q=univ")),
      context,
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="clients-/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Number,Name,Client category,Address,Public announcements,Attestations,Created at");
    expect(lines.slice(1).map((line) => line.split(",")[1])).toEqual(["Demo University"]);
    expect(lines[1]).toContain(",Yes,Yes,");
  });
});
