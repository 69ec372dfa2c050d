import { MAX_ID } from "~/platform/db/values";
import { z } from "zod";
import { REQUEST_STATUSES } from "~/platform/db/schema";
import { issueSchema } from "~/modules/issuing/schema";
import { optionalLanguages } from "~/platform/forms/bilingual";

/** The JSON API's resources (docs/product.md) and bodies (section 7): the OpenAPI document is generated from these. */
const name = z.object({ english: z.string(), arabic: z.string() });
/** Staff's words in both languages: either may be null where one is enough (docs/architecture.md §9). */
const note = z.object({ english: z.string().nullable(), arabic: z.string().nullable() });
const reference = z.object({ id: z.number().int(), name });

export const documentRequestSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(REQUEST_STATUSES),
    securePlusEnabled: z.boolean(),
    requestMessage: z.string(),
    createdAt: z.string(),
    beneficiary: z.object({
      id: z.number().int(),
      firstName: name,
      lastName: name,
      email: z.string(),
      phone: z.string().nullable(),
      nin: z.string().nullable(),
    }),
    documentCategory: reference,
    client: reference,
  })
  .meta({ id: "DocumentRequest" });

export const documentRequestDetailSchema = documentRequestSchema
  .extend({
    statusNote: note,
    filledFields: z.array(z.object({ fieldName: z.string(), fieldValue: z.string() })),
    uploadedDocuments: z.array(
      z.object({
        id: z.number().int(),
        documentName: z.string(),
        mimeType: z.string(),
        totalPages: z.number().int().nullable(),
        status: z.string(),
        documentUrl: z.string(),
      }),
    ),
    issuedDocuments: z.array(z.lazy(() => issuedDocumentSchema)),
  })
  .meta({ id: "DocumentRequestDetail" });

export const issuedDocumentSchema = z
  .object({
    id: z.number().int(),
    documentName: name,
    status: z.enum(["VALID", "REVOKED"]),
    verificationCode: z.string(),
    verificationUrl: z.url(),
    documentHash: z.string(),
    expiryDate: z.string(),
    securePlusEnabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "IssuedDocument" });

const positiveId = (key: string) =>
  z
    .number({ error: key })
    .int(key)
    .positive(key)
    .max(2 ** 31 - 1, key);

const filledFields = z
  .array(z.object({ fieldName: z.string().min(1).max(60), fieldValue: z.string().max(2000) }))
  .max(100)
  .default([]);

export const newRequestSchema = z.object({
  clientId: positiveId("validation.clientRequired"),
  documentCategoryId: positiveId("validation.documentCategoryRequired"),
  requestMessage: z.string().trim().max(2000).default(""),
  securePlusEnabled: z.boolean().default(false),
  filledFields,
  supportingDocuments: z
    .array(
      z.object({
        supportingDocumentTypeId: positiveId("api.validation.invalid"),
        documentName: z.string().min(1).max(200),
        base64Data: z.base64(),
      }),
    )
    .max(5, "validation.maxFiles5")
    .default([]),
});

export const createRequestSchema = newRequestSchema.extend({
  beneficiaryId: positiveId("validation.beneficiaryRequired").optional(),
});

export const editRequestSchema = z.object({
  requestMessage: z.string().trim().max(2000).default(""),
  filledFields: filledFields.optional(),
});

export const apiStatusSchema = z.enum(["PENDING", "APPROVED", "REJECTED"], { error: "staff.statusInvalid" });

export const updateStatusSchema = z.object({
  requestId: positiveId("api.validation.requestId"),
  status: apiStatusSchema,
  securePlusEnabled: z.boolean().default(false),
  note: optionalLanguages(1000),
});

export const documentReviewSchema = z.object({
  requestId: positiveId("api.validation.requestId"),
  documentId: positiveId("api.validation.documentId"),
  status: z.enum(["APPROVED", "REJECTED"], { error: "staff.statusInvalid" }),
});

/**
 * A document's name as the spec gives it, one string used for both languages, or as `{ english, arabic }`: both
 * come out as the bilingual name.
 */
const oneName = z
  .string({ error: "validation.documentNameRequired" })
  .trim()
  .min(1, "validation.documentNameRequired")
  .max(200);
const documentNameSchema = z.union([
  oneName.transform((name) => ({ english: name, arabic: name })),
  issueSchema.shape.documentName,
]);

/** The spec's issue payload: the file as base64 (a multipart upload sends it as `file`). */
export const issueJsonSchema = z.object({
  requestId: positiveId("api.validation.requestId"),
  documentName: documentNameSchema,
  expirationDate: issueSchema.shape.expirationDate.optional(),
  securePlusEnabled: z.boolean().default(false),
  /** A PENDING request is issued only with this: approved and issued in one step. */
  approve: z.boolean().default(false),
  base64Data: z.base64({ error: "validation.selectFile" }).min(1, "validation.selectFile"),
});

export const issueMultipartSchema = z
  .object({
    requestId: z.coerce
      .number({ error: "api.validation.requestId" })
      .int()
      .positive("api.validation.requestId")
      .max(MAX_ID, "api.validation.requestId"),
    // A form's fields are flat: the name as one `documentName` (both languages), or its two languages as the HTML
    // form posts them.
    documentName: oneName.optional(),
    "documentName.english": issueSchema.shape.documentName.shape.english.optional(),
    "documentName.arabic": issueSchema.shape.documentName.shape.arabic.optional(),
    expirationDate: issueSchema.shape.expirationDate.optional(),
    securePlusEnabled: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    approve: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
  })
  .superRefine((fields, context) => {
    if (fields.documentName) return;
    if (!fields["documentName.english"])
      context.addIssue({ code: "custom", path: ["documentName.english"], message: "validation.documentNameRequired" });
    if (!fields["documentName.arabic"])
      context.addIssue({
        code: "custom",
        path: ["documentName.arabic"],
        message: "validation.documentNameArabicRequired",
      });
  });

export const issuedResultSchema = z.object({ requestId: z.number().int(), issuedDocument: issuedDocumentSchema });

export const documentCategorySchema = z
  .object({
    id: z.number().int(),
    name,
    description: name,
    fee: z.string(),
    currency: z.string(),
    validityPeriod: z.number().int(),
    client: reference,
  })
  .meta({ id: "DocumentCategory" });

export const requiredFieldSchema = z
  .object({
    id: z.number().int(),
    name,
    documentCategoryId: z.number().int(),
    fieldName: z.string(),
    fieldType: z.string(),
    isRequired: z.boolean(),
  })
  .meta({ id: "DocumentRequiredField" });
