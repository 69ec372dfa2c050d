import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { createSeededTestDb, sessionUserOf, rowWhere } from "~/test/db";
import { makeContext, postForm, statusOf, postAs, openAs, withUrl } from "~/test/route";
import * as categoriesExport from "./categories-export";
import * as category from "./category";
import * as categoryForm from "./category-form";
import * as requiredFieldForm from "./required-field-form";
import * as requiredFields from "./required-fields";
import * as supportingType from "./supporting-type";

let db: DB;
let clerk: SessionUser;
let outsider: SessionUser;
let superAdmin: SessionUser;
let ownCategory: { id: number; client_id: number };

const staff = (email: string) => sessionUserOf(db, email);

beforeEach(async () => {
  db = await createSeededTestDb();
  clerk = await staff("clerk@example.com");
  outsider = await staff("clerk2@example.com");
  superAdmin = await staff("superadmin@example.com");
  ownCategory = await db
    .selectFrom("document_categories")
    .select(["id", "client_id"])
    .where("client_id", "=", clerk.client!.id)
    .orderBy("id")
    .executeTakeFirstOrThrow();
});

const auditCount = async () => (await db.selectFrom("audit_events").selectAll().execute()).length;
const validCategory = {
  "name.english": "Internship certificate",
  "name.arabic": "إفادة تسجيل",
  fee: "5",
  currency: "JOD",
  validityPeriod: "30",
};

describe("catalogue scope", () => {
  it("a clerk creates a category for their own client, audited", async () => {
    const before = await auditCount();
    const result = await postAs(
      makeContext({ user: clerk }),
      categoryForm.action,
      "/clerks/document-categories/create",
      validCategory,
    );
    expect(result.status).toBe(302);
    const created = await rowWhere(db, "document_categories", "name_en", "Internship certificate");
    expect(created).toMatchObject({
      client_id: clerk.client!.id,
      fee: 5000,
      currency: "JOD",
      validity_period_days: 30,
    });
    expect(await auditCount()).toBe(before + 1);
  });

  it("a super admin must choose the client", async () => {
    const result = await postAs(
      makeContext({ user: superAdmin }),
      categoryForm.action,
      "/super-admin/document-categories-management/create",
      validCategory,
    );
    expect(result.status).toBe(400);
    expect((result.data as { error: Record<string, string[]> }).error.clientId).toEqual([
      "validation.clientIdRequired",
    ]);
  });

  it("another client's category answers 404 for pages and posts, and nothing is written", async () => {
    const before = await auditCount();
    const context = makeContext({ user: outsider });
    const id = String(ownCategory.id);
    expect((await openAs(context, category.loader, `/clerks/document-categories/${id}`, { id })).status).toBe(404);
    expect(
      await statusOf(categoryForm.action, postForm(`/clerks/document-categories/edit/${id}`, validCategory), context, {
        id,
      }),
    ).toBe(404);
    expect(
      (await postAs(context, category.action, `/clerks/document-categories/${id}`, { intent: "delete" }, { id }))
        .status,
    ).toBe(404);
    const field = {
      "name.english": "Hack",
      "name.arabic": "اختراق",
      documentCategoryId: id,
      fieldName: "hack",
      fieldType: "text",
    };
    // The same answer as for a category that does not exist (docs/architecture.md §15).
    const outside = await postAs(
      context,
      requiredFieldForm.action,
      `/document-required-fields/create?documentCategoryId=${id}`,
      field,
    );
    const unknown = await postAs(
      context,
      requiredFieldForm.action,
      `/document-required-fields/create?documentCategoryId=999999`,
      {
        ...field,
        documentCategoryId: "999999",
      },
    );
    expect(outside.status).toBeGreaterThanOrEqual(400);
    const errorOf = (outcome: typeof outside) => (outcome.data as { error?: unknown }).error;
    expect([outside.status, errorOf(outside)]).toEqual([unknown.status, errorOf(unknown)]);
    const anyField = await db
      .selectFrom("document_required_fields")
      .select("id")
      .where("document_category_id", "=", ownCategory.id)
      .executeTakeFirstOrThrow();
    expect(
      await statusOf(
        requiredFields.action,
        postForm(`/document-required-fields?documentCategoryId=${id}`, { intent: "toggle", id: String(anyField.id) }),
        context,
      ),
    ).toBe(404);
    expect(await auditCount()).toBe(before);
    expect(
      await db.selectFrom("document_required_fields").select("id").where("field_name", "=", "hack").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("other roles get 403", async () => {
    const service = await staff("serviceadmin@example.com");
    const beneficiary = await staff("beneficiary@example.com");
    for (const user of [service, beneficiary]) {
      expect(
        await statusOf(
          category.loader,
          new Request(`http://localhost/document-categories/${ownCategory.id}`),
          makeContext({ user }),
          { id: String(ownCategory.id) },
        ),
      ).toBe(403);
    }
  });
});

describe("catalogue rules", () => {
  it("a category with requests cannot be deleted: told why, nothing changes", async () => {
    const result = await postAs(
      makeContext({ user: clerk }),
      category.action,
      `/clerks/document-categories/${ownCategory.id}`,
      { intent: "delete" },
      { id: String(ownCategory.id) },
    );
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({ error: "catalogue.hasRequests" });
    expect(
      await db.selectFrom("document_categories").select("id").where("id", "=", ownCategory.id).executeTakeFirst(),
    ).toBeDefined();
  });

  it("field names are unique within a category", async () => {
    const existing = await rowWhere(db, "document_required_fields", "document_category_id", ownCategory.id);
    const result = await postAs(
      makeContext({ user: clerk }),
      requiredFieldForm.action,
      `/document-required-fields/create?documentCategoryId=${ownCategory.id}`,
      {
        "name.english": "Again",
        "name.arabic": "مجددًا",
        documentCategoryId: String(ownCategory.id),
        fieldName: existing.field_name,
        fieldType: "text",
      },
    );
    // A name taken is a conflict, as a client's or a person's is (409).
    expect(result.status).toBe(409);
    expect((result.data as { error: Record<string, string[]> }).error.fieldName).toEqual(["catalogue.fieldNameTaken"]);
  });

  it("toggles isRequired with one button, audited", async () => {
    const field = await rowWhere(db, "document_required_fields", "document_category_id", ownCategory.id);
    const result = await postAs(
      makeContext({ user: clerk }),
      requiredFields.action,
      `/document-required-fields?documentCategoryId=${ownCategory.id}`,
      {
        intent: "toggle",
        id: String(field.id),
      },
    );
    expect(result.status).toBe(302);
    const after = await db
      .selectFrom("document_required_fields")
      .select("is_required")
      .where("id", "=", field.id)
      .executeTakeFirstOrThrow();
    expect(after.is_required).toBe(field.is_required ? 0 : 1);
    expect(
      await db.selectFrom("audit_events").selectAll().where("action", "=", "required_field.toggle").execute(),
    ).toHaveLength(1);
  });

  it("the required-field screens need their category: 'Missing category data' and 'Error loading data.'", async () => {
    const context = makeContext({ user: clerk });
    const missing = await openAs(context, requiredFieldForm.loader, "/document-required-fields/create", {});
    expect(missing.status).toBe(400);
    expect((missing.data as { reason: string }).reason).toBe("missing-category");
    // An edit page opened without its category finds it from the field.
    const own = await rowWhere(db, "document_required_fields", "document_category_id", ownCategory.id);
    const edit = await openAs(context, requiredFieldForm.loader, `/document-required-fields/edit/${own.id}`, {
      id: String(own.id),
    });
    expect(edit.status).toBe(200);
    expect((edit.data as { category: { id: number } }).category.id).toBe(ownCategory.id);
    const unknown = await openAs(
      context,
      requiredFieldForm.loader,
      `/document-required-fields/edit/99999?documentCategoryId=${ownCategory.id}`,
      { id: "99999" },
    );
    expect(unknown.status).toBe(404);
    expect((unknown.data as { message: { key: string } }).message.key).toBe("errors.errorLoading");
  });

  it("a supporting document type with uploads is kept", async () => {
    const type = await rowWhere(db, "supporting_document_types", "document_category_id", ownCategory.id);
    const result = await postAs(
      makeContext({ user: clerk }),
      supportingType.action,
      `/document-supporting-documents/${type.id}?documentCategoryId=${ownCategory.id}`,
      { intent: "delete" },
      { id: String(type.id) },
    );
    expect(result.status).toBe(409);
  });
});

describe("document categories as CSV", () => {
  it("export the clerk's client's categories only, with the header in the user's language", async () => {
    const clerk = await sessionUserOf(db, "clerk@example.com");
    const response = (await categoriesExport.loader({
      ...withUrl(new Request("http://localhost/clerks/document-categories/export?format=csv")),
      context: makeContext({ user: clerk, language: "en" }),
      params: {},
    } as never)) as Response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Number,Name,Organisation,Fee,Validity (days)");
    const own = await db
      .selectFrom("document_categories")
      .select("id")
      .where("client_id", "=", clerk.client!.id)
      .execute();
    expect(lines).toHaveLength(own.length + 1);
    expect(lines.slice(1).every((line) => line.includes(",Demo University,"))).toBe(true);
  });
});
