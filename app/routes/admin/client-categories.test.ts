import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { auditEventsSinceSeed, createSeededTestDb, sessionUserOf, rowWhere } from "~/test/db";
import { makeContext, postForm, run, statusOf, postAs, openAs, withUrl } from "~/test/route";
import * as detail from "./client-category";
import * as form from "./client-category-form";
import * as list from "./client-categories";
import * as listExport from "./client-categories-export";
import { i18nFor } from "~/platform/i18n/instances.server";

let db: DB;

const userOf = (email: string) => sessionUserOf(db, email);

const valid = {
  "name.english": "Private schools",
  "name.arabic": "المدارس الخاصة",
  fee: "15",
  currency: "JOD",
  validityPeriod: "180",
};
const audits = async (action: string) => (await auditEventsSinceSeed(db, action)).length;
const count = async () => (await db.selectFrom("client_categories").selectAll().execute()).length;
/** A message in English and in Arabic. */
const messageOf = (key: string) => [i18nFor("en").t(key), i18nFor("ar").t(key)];

beforeEach(async () => {
  db = await createSeededTestDb();
});

describe("client categories (service admin)", () => {
  it("creates one, audited, and lists it; the fee is stored in minor units", async () => {
    const context = makeContext({ user: await userOf("serviceadmin@example.com") });
    const created = await postAs(context, form.action, "/service-admin/client-categories-management/create", valid);
    expect(created.status).toBe(302);
    const row = await rowWhere(db, "client_categories", "name_en", "Private schools");
    expect([row.fee, row.currency, row.validity_period_days]).toEqual([15000, "JOD", 180]);
    expect(created.headers.get("Location")).toBe(`/service-admin/client-categories-management/${row.id}`);
    expect(await audits("client_category.create")).toBe(1);
    const listed = await openAs(context, list.loader, "/service-admin/client-categories-management?q=private");
    expect((listed.data as { rows: { id: number }[] }).rows.map((r) => r.id)).toEqual([row.id]);
  });

  it("keeps the largest fee the form takes, past 32 bits in minor units, on either database", async () => {
    const context = makeContext({ user: await userOf("serviceadmin@example.com") });
    const created = await postAs(context, form.action, "/service-admin/client-categories-management/create", {
      ...valid,
      "name.english": "Costly",
      fee: "999999999.999",
    });
    expect(created.status).toBe(302);
    expect(
      (await db.selectFrom("client_categories").select("fee").where("name_en", "=", "Costly").executeTakeFirstOrThrow())
        .fee,
    ).toBe(999_999_999_999);
  });

  it("says 'Fee is required', 'Currency is required', 'Validity period is required' in both languages, writing nothing", async () => {
    const context = makeContext({ user: await userOf("serviceadmin@example.com") });
    const before = await count();
    const result = await postAs(context, form.action, "/service-admin/client-categories-management/create", {
      "name.english": "X",
      "name.arabic": "س",
    });
    expect(result.status).toBe(400);
    const error = (result.data as { error: Record<string, string[]> }).error;
    expect(error.fee).toEqual(["validation.feeRequired"]);
    expect(error.currency).toEqual(["validation.currencyRequired"]);
    expect(error.validityPeriod).toEqual(["validation.validityPeriodRequired"]);
    expect(messageOf("validation.feeRequired")).toEqual(["Fee is required", "الرسوم مطلوبة"]);
    expect(messageOf("validation.currencyRequired")[0]).toBe("Currency is required");
    expect(messageOf("validation.validityPeriodRequired")[0]).toBe("Validity period is required");
    expect(await count()).toBe(before);
  });

  it("keeps a category that clients use: the page says why and nothing changes; an unused one is deleted, audited", async () => {
    const context = makeContext({ user: await userOf("serviceadmin@example.com") });
    const used = await db.selectFrom("clients").select("client_category_id").executeTakeFirstOrThrow();
    const refused = await postAs(
      context,
      detail.action,
      `/service-admin/client-categories-management/${used.client_category_id}`,
      { intent: "delete" },
      { id: String(used.client_category_id) },
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ error: "admin.clientCategoryInUse" });
    expect(await audits("client_category.delete")).toBe(0);
    await postAs(context, form.action, "/service-admin/client-categories-management/create", valid);
    const unused = await db
      .selectFrom("client_categories")
      .select("id")
      .where("name_en", "=", "Private schools")
      .executeTakeFirstOrThrow();
    const deleted = await postAs(
      context,
      detail.action,
      `/service-admin/client-categories-management/${unused.id}`,
      { intent: "delete" },
      { id: String(unused.id) },
    );
    expect(deleted.status).toBe(302);
    expect(await audits("client_category.delete")).toBe(1);
  });

  it("is refused (403) to clerks, client admins and beneficiaries; an unknown id is 404", async () => {
    for (const email of ["clerk@example.com", "clientadmin@example.com", "beneficiary@example.com"]) {
      const outcome = await run(
        form.action,
        postForm("/service-admin/client-categories-management/create", valid),
        makeContext({ user: await userOf(email) }),
      );
      expect(outcome.status, email).toBe(403);
    }
    const context = makeContext({ user: await userOf("superadmin@example.com"), area: "service-admin" });
    expect(await statusOf(detail.loader, new Request("http://localhost/x/999999"), context, { id: "999999" })).toBe(
      404,
    );
    expect(await audits("client_category.create")).toBe(0);
  });
});

describe("client categories as CSV", () => {
  it("export the list with its search: a BOM, the header and names in the user's language, one row per category", async () => {
    const context = makeContext({ user: await userOf("serviceadmin@example.com"), language: "ar" });
    const response = (await listExport.loader({
      ...withUrl(new Request("http://localhost/service-admin/client-categories/export?format=csv&q=gov&page=3")),
      context,
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="client-categories-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      ["id", "name", "fee", "validityDays", "clientCount", "createdAt"]
        .map((column) => i18nFor("ar").t(`admin.csv.${column}`))
        .join(","),
    );
    expect(lines).toHaveLength(2);
    const [, name, , validity, clients, createdAt] = lines[1].split(",");
    expect([name, validity, clients]).toEqual(["الجهات الحكومية", "90", "1"]);
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("is refused (403) to a clerk", async () => {
    const outcome = await run(
      listExport.loader,
      new Request("http://localhost/clerks/client-categories/export?format=csv"),
      makeContext({ user: await userOf("clerk@example.com") }),
    );
    expect(outcome.status).toBe(403);
  });
});
