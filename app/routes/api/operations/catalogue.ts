import { z } from "zod";
import { getDb, type DB } from "~/platform/db/db.server";
import { scopeFilter, type SignedIn } from "~/modules/access";
import { inCallerScope } from "../scope.server";
import { apiError, apiRefusal } from "~/platform/api/errors.server";
import { idQuery, pageData, pageOf, pagingQuery } from "~/platform/api/schema";
import { findClient, listCategories, listRequiredFields } from "~/modules/catalogue/queries.server";
import {
  categorySchema,
  fromMinorUnits,
  requiredFieldSchema as requiredFieldInputSchema,
  type PricedRow,
} from "~/modules/catalogue/schema";
import {
  categoryInScope,
  createCategory,
  editCategory,
  fieldInScope,
  removeCategory,
  removeRequiredField,
  saveRequiredField,
  toggleChild,
} from "~/modules/catalogue/service.server";
import { operation } from "../operation";
import { documentCategorySchema, requiredFieldSchema } from "../schema";
import { fromFlag } from "~/platform/db/values";

/** The form's rules, taking the fee and validity as JSON numbers too. */
const asText = <T extends z.ZodType<string, string>>(schema: T) =>
  z.union([z.number(), z.string()]).transform(String).pipe(schema);
const categoryBodySchema = categorySchema.extend({
  fee: asText(categorySchema.shape.fee),
  validityPeriod: asText(categorySchema.shape.validityPeriod),
  clientId: z.number({ error: "validation.clientIdRequired" }).int().positive("validation.clientIdRequired").optional(),
});

interface CategoryRow extends PricedRow {
  id: number;
  client_id: number;
  client_en: string;
  client_ar: string;
}

const categoryOf = (row: CategoryRow): z.input<typeof documentCategorySchema> => ({
  id: row.id,
  name: { english: row.name_en, arabic: row.name_ar },
  description: { english: row.description_en, arabic: row.description_ar },
  fee: fromMinorUnits(row.fee, row.currency),
  currency: row.currency,
  validityPeriod: row.validity_period_days,
  client: { id: row.client_id, name: { english: row.client_en, arabic: row.client_ar } },
});

async function categoryById(db: DB, id: number) {
  const { rows } = await listCategories(db, { id, page: 0, size: 1 });
  return categoryOf(rows[0]);
}

/** A category the caller may write (`catalogue:write`) or read, or 404. */
async function category(db: DB, principal: SignedIn, id: number) {
  const found = await categoryInScope(db, id, principal);
  if (!found) throw apiError(404);
  return found;
}

async function field(db: DB, principal: SignedIn, id: number) {
  const found = await fieldInScope(db, id, principal);
  if (!found) throw apiError(404);
  return found;
}

const fieldOf = (row: {
  id: number;
  name_en: string;
  name_ar: string;
  document_category_id: number;
  field_name: string;
  field_type: string;
  is_required: number;
}): z.input<typeof requiredFieldSchema> => ({
  id: row.id,
  name: { english: row.name_en, arabic: row.name_ar },
  documentCategoryId: row.document_category_id,
  fieldName: row.field_name,
  fieldType: row.field_type,
  isRequired: fromFlag(row.is_required),
});

const CATEGORIES = "Document categories";
const FIELDS = "Required fields";
const categoryExample = {
  name: { english: "Letter of good standing", arabic: "رسالة حسن سيرة" },
  description: { english: "Confirms enrolment without disciplinary record.", arabic: "تؤكد التسجيل دون سجل تأديبي." },
  fee: "5",
  currency: "JOD",
  validityPeriod: "90",
};
const fieldExample = {
  name: { english: "Faculty", arabic: "الكلية" },
  documentCategoryId: 1,
  fieldName: "faculty",
  fieldType: "text",
  isRequired: false,
};

export const catalogueOperations = [
  operation({
    id: "listDocumentCategories",
    method: "GET",
    path: "/api/document-categories",
    tag: CATEGORIES,
    capabilities: ["catalogue:read"],
    summary: "Document categories the caller reaches",
    query: z.object(pagingQuery()),
    response: pageOf(documentCategorySchema),
    message: "api.messages.ok",
    example: { as: "clerk", query: { page: 0, size: 10 } },
    failures: [403],
    async handle({ query, principal }) {
      const { total, rows } = await listCategories(getDb(), { ...scopeFilter(principal), ...query });
      return pageData(rows.map(categoryOf), query.page, query.size, total);
    },
  }),
  operation({
    id: "listClientDocumentCategories",
    method: "GET",
    path: "/api/document-categories/client",
    tag: CATEGORIES,
    capabilities: ["catalogue:read", "request:submit"],
    summary: "A client's document categories (what a beneficiary may request)",
    query: z.object({ clientId: idQuery("validation.clientIdRequired"), ...pagingQuery() }),
    response: pageOf(documentCategorySchema),
    message: "api.messages.ok",
    example: { as: "beneficiary", query: { clientId: 1, page: 0, size: 10 } },
    failures: [404],
    async handle({ query, principal }) {
      const db = getDb();
      // Beneficiaries choose from any client's catalogue (the wizard); staff see their own client's.
      if (principal.role !== "BENEFICIARY")
        inCallerScope(
          principal,
          await findClient(db, query.clientId).then((client) => client && { client_id: client.id }),
        );
      else if (!(await findClient(db, query.clientId))) throw apiError(404);
      const { total, rows } = await listCategories(db, {
        clientId: query.clientId,
        page: query.page,
        size: query.size,
      });
      return pageData(rows.map(categoryOf), query.page, query.size, total);
    },
  }),
  operation({
    id: "getDocumentCategory",
    method: "GET",
    path: "/api/document-categories/category",
    tag: CATEGORIES,
    capabilities: ["catalogue:read"],
    summary: "One document category",
    query: z.object({ documentCategoryId: idQuery("validation.documentCategoryRequired") }),
    response: documentCategorySchema,
    message: "api.messages.ok",
    example: { as: "clerk", query: { documentCategoryId: 1 } },
    failures: [403, 404],
    async handle({ query, principal }) {
      const db = getDb();
      return categoryById(db, (await category(db, principal, query.documentCategoryId)).id);
    },
  }),
  operation({
    id: "createDocumentCategory",
    method: "POST",
    path: "/api/document-categories",
    tag: CATEGORIES,
    capabilities: ["catalogue:write"],
    summary: "Create a document category (the caller's client; the super admin names one)",
    body: categoryBodySchema,
    response: documentCategorySchema,
    status: 201,
    message: "api.messages.categoryCreated",
    example: { as: "clerk", body: categoryExample },
    failures: [403],
    async handle({ body, principal }) {
      const db = getDb();
      const clientId = principal.clientId ?? body.clientId;
      if (!clientId || !(await findClient(db, clientId)))
        throw apiError(400, "api.errors.validation", {
          code: "VALIDATION_ERROR",
          details: [{ field: "clientId", key: "validation.clientIdRequired" }],
        });
      return categoryById(db, await createCategory(db, clientId, body, principal));
    },
  }),
  operation({
    id: "updateDocumentCategory",
    method: "PUT",
    path: "/api/document-categories/update",
    tag: CATEGORIES,
    capabilities: ["catalogue:write"],
    summary: "Change a document category",
    query: z.object({ documentCategoryId: idQuery("validation.documentCategoryRequired") }),
    body: categoryBodySchema,
    response: documentCategorySchema,
    message: "api.messages.categoryUpdated",
    example: {
      as: "clerk",
      query: { documentCategoryId: 1 },
      body: { ...categoryExample, name: { english: "Graduation certificate", arabic: "شهادة تخرج" } },
    },
    failures: [403, 404],
    async handle({ query, body, principal }) {
      const db = getDb();
      const found = await category(db, principal, query.documentCategoryId);
      await editCategory(db, found, body, principal);
      return categoryById(db, found.id);
    },
  }),
  operation({
    id: "deleteDocumentCategory",
    method: "DELETE",
    path: "/api/document-categories/delete",
    tag: CATEGORIES,
    capabilities: ["catalogue:write"],
    summary: "Delete a document category that has no requests (409 otherwise)",
    description:
      "The example deletes category 7: on the demo data, the one the example of createDocumentCategory makes.",
    query: z.object({ documentCategoryId: idQuery("validation.documentCategoryRequired") }),
    response: z.object({ id: z.number().int() }),
    message: "api.messages.categoryDeleted",
    example: { as: "clerk", query: { documentCategoryId: 7 } },
    failures: [403, 404, 409],
    async handle({ query, principal }) {
      const db = getDb();
      const found = await category(db, principal, query.documentCategoryId);
      const removed = await removeCategory(db, found, principal);
      if (!removed.ok) throw apiRefusal(removed);
      return { id: found.id };
    },
  }),
  operation({
    id: "listRequiredFields",
    method: "GET",
    path: "/api/document-required-fields",
    tag: FIELDS,
    capabilities: ["catalogue:read"],
    summary: "Required fields of the categories the caller reaches",
    query: z.object(pagingQuery(15)),
    response: pageOf(requiredFieldSchema),
    message: "api.messages.ok",
    example: { as: "clerk", query: { page: 0, size: 15 } },
    failures: [403],
    async handle({ query, principal }) {
      const { total, rows } = await listRequiredFields(getDb(), { ...scopeFilter(principal), ...query });
      return pageData(rows.map(fieldOf), query.page, query.size, total);
    },
  }),
  operation({
    id: "listCategoryRequiredFields",
    method: "GET",
    path: "/api/document-required-fields/by-category",
    tag: FIELDS,
    capabilities: ["catalogue:read"],
    summary: "A document category's required fields",
    query: z.object({ documentCategoryId: idQuery("validation.documentCategoryRequired"), ...pagingQuery(15) }),
    response: pageOf(requiredFieldSchema),
    message: "api.messages.ok",
    example: { as: "clerk", query: { documentCategoryId: 1, page: 0, size: 15 } },
    failures: [403, 404],
    async handle({ query, principal }) {
      const db = getDb();
      const found = await category(db, principal, query.documentCategoryId);
      const { total, rows } = await listRequiredFields(db, {
        categoryId: found.id,
        page: query.page,
        size: query.size,
      });
      return pageData(rows.map(fieldOf), query.page, query.size, total);
    },
  }),
  operation({
    id: "getRequiredField",
    method: "GET",
    path: "/api/document-required-fields/field",
    tag: FIELDS,
    capabilities: ["catalogue:read"],
    summary: "One required field",
    query: z.object({ documentRequiredFieldId: idQuery("api.validation.fieldId") }),
    response: requiredFieldSchema,
    message: "api.messages.ok",
    example: { as: "clerk", query: { documentRequiredFieldId: 1 } },
    failures: [403, 404],
    async handle({ query, principal }) {
      return fieldOf(await field(getDb(), principal, query.documentRequiredFieldId));
    },
  }),
  operation({
    id: "createRequiredField",
    method: "POST",
    path: "/api/document-required-fields",
    tag: FIELDS,
    capabilities: ["catalogue:write"],
    summary: "Add a required field to a document category",
    body: requiredFieldInputSchema,
    response: requiredFieldSchema,
    status: 201,
    message: "api.messages.fieldCreated",
    example: { as: "clerk", body: fieldExample },
    failures: [403, 404, 409],
    async handle({ body, principal }) {
      const db = getDb();
      const found = await category(db, principal, body.documentCategoryId);
      const saved = await saveRequiredField(db, found, body, principal);
      if (!saved.ok) throw apiRefusal(saved);
      return fieldOf((await fieldInScope(db, saved.id, principal))!);
    },
  }),
  operation({
    id: "updateRequiredField",
    method: "PUT",
    path: "/api/document-required-fields/update",
    tag: FIELDS,
    capabilities: ["catalogue:write"],
    summary: "Change a required field",
    query: z.object({ documentRequiredFieldId: idQuery("api.validation.fieldId") }),
    body: requiredFieldInputSchema,
    response: requiredFieldSchema,
    message: "api.messages.fieldUpdated",
    example: {
      as: "clerk",
      query: { documentRequiredFieldId: 3 },
      body: {
        name: { english: "Purpose", arabic: "الغرض" },
        documentCategoryId: 1,
        fieldName: "purpose",
        fieldType: "textarea",
        isRequired: false,
      },
    },
    failures: [403, 404, 409],
    async handle({ query, body, principal }) {
      const db = getDb();
      const found = await field(db, principal, query.documentRequiredFieldId);
      if (body.documentCategoryId !== found.document_category_id)
        throw apiError(400, "api.errors.validation", {
          code: "VALIDATION_ERROR",
          details: [{ field: "documentCategoryId", key: "api.validation.fieldCategoryFixed" }],
        });
      const saved = await saveRequiredField(
        db,
        { id: found.document_category_id, client_id: found.client_id },
        body,
        principal,
        found.id,
      );
      if (!saved.ok) throw apiRefusal(saved);
      return fieldOf((await fieldInScope(db, found.id, principal))!);
    },
  }),
  operation({
    id: "setRequiredFieldRequired",
    method: "PUT",
    path: "/api/document-required-fields/is-required",
    tag: FIELDS,
    capabilities: ["catalogue:write"],
    summary: "Make a field required or optional",
    query: z.object({
      documentRequiredFieldId: idQuery("api.validation.fieldId"),
      isRequired: z
        .enum(["true", "false"], { error: "api.validation.isRequired" })
        .transform((value) => value === "true"),
    }),
    response: requiredFieldSchema,
    message: "api.messages.fieldUpdated",
    example: { as: "clerk", query: { documentRequiredFieldId: 3, isRequired: "true" } },
    failures: [403, 404],
    async handle({ query, principal }) {
      const db = getDb();
      const found = await field(db, principal, query.documentRequiredFieldId);
      if (fromFlag(found.is_required) !== query.isRequired)
        await toggleChild(db, "fields", found, found.client_id, principal);
      return fieldOf((await fieldInScope(db, found.id, principal))!);
    },
  }),
  operation({
    id: "deleteRequiredField",
    method: "DELETE",
    path: "/api/document-required-fields/delete",
    tag: FIELDS,
    capabilities: ["catalogue:write"],
    summary: "Delete a required field",
    description:
      "The spec names the parameter `clientCategoryId`; it is the required field's id (`documentRequiredFieldId` is taken too).",
    query: z
      .object({
        clientCategoryId: idQuery("api.validation.fieldId").optional(),
        documentRequiredFieldId: idQuery("api.validation.fieldId").optional(),
      })
      .refine((value) => value.clientCategoryId ?? value.documentRequiredFieldId, {
        message: "api.validation.fieldId",
        path: ["clientCategoryId"],
      }),
    response: z.object({ id: z.number().int() }),
    message: "api.messages.fieldDeleted",
    example: { as: "clerk", query: { clientCategoryId: 3 } },
    failures: [403, 404],
    async handle({ query, principal }) {
      const db = getDb();
      const found = await field(db, principal, (query.clientCategoryId ?? query.documentRequiredFieldId)!);
      await removeRequiredField(db, found, found.client_id, principal);
      return { id: found.id };
    },
  }),
];
