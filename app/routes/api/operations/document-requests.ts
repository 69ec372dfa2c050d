import { refusedFields } from "~/platform/outcome";
import { z } from "zod";
import { getDb, type DB } from "~/platform/db/db.server";
import { scopeFilter, type SignedIn } from "~/modules/access";
import { inCallerScope } from "../scope.server";
import { apiError, apiRefusal } from "~/platform/api/errors.server";
import { idQuery, pageData, pageOf, pagingQuery } from "~/platform/api/schema";
import { categoryInScope } from "~/modules/catalogue/service.server";
import { findClient } from "~/modules/catalogue/queries.server";
import { attachmentsOf } from "~/modules/files/queries.server";
import type { UploadedFile } from "~/modules/files/upload.server";
import { ISSUE_MAX_BYTES } from "~/modules/issuing/schema";
import { issueDocument } from "~/modules/issuing/service.server";
import { issuedDocumentsOf } from "~/modules/issuing/queries.server";
import {
  changeRequestStatus,
  createRequest,
  editPendingRequest,
  editRequestByStaff,
  reviewAttachment,
  withdrawRequest,
} from "~/modules/requests/service.server";
import { fieldValuesOf } from "~/modules/requests/queries.server";
import { findRequestForStaff, listRequests, type RequestListFilter } from "~/modules/requests/staff-queries.server";
import { findUserById } from "~/modules/users/queries.server";
import { env } from "~/platform/env.server";
import { EXAMPLE_PDF_BASE64 } from "../example-pdf";
import { operation } from "../operation";
import {
  createRequestSchema,
  documentRequestDetailSchema,
  documentRequestSchema,
  documentReviewSchema,
  editRequestSchema,
  apiStatusSchema,
  issuedResultSchema,
  issueJsonSchema,
  issueMultipartSchema,
  newRequestSchema,
  updateStatusSchema,
} from "../schema";
import { fromFlag } from "~/platform/db/values";
import { storedBilingual } from "~/platform/forms/bilingual";

type Row = Awaited<ReturnType<typeof listRequests>>["rows"][number];

const itemOf = (row: Row): z.input<typeof documentRequestSchema> => ({
  id: row.id,
  status: row.status,
  securePlusEnabled: fromFlag(row.secure_plus_enabled),
  requestMessage: row.request_message,
  createdAt: row.created_at,
  beneficiary: {
    id: row.beneficiary_id,
    firstName: { english: row.first_name_en, arabic: row.first_name_ar },
    lastName: { english: row.last_name_en, arabic: row.last_name_ar },
    email: row.email,
    phone: row.phone,
    nin: row.nin,
  },
  documentCategory: { id: row.document_category_id, name: { english: row.category_en, arabic: row.category_ar } },
  client: { id: row.client_id, name: { english: row.client_en, arabic: row.client_ar } },
});

async function page(db: DB, filter: RequestListFilter) {
  const { total, rows } = await listRequests(db, { ...filter, order: "newest" });
  return pageData(rows.map(itemOf), filter.page, filter.size, total);
}

type StaffRow = NonNullable<Awaited<ReturnType<typeof findRequestForStaff>>>;

const issuedOf = (document: Awaited<ReturnType<typeof issuedDocumentsOf>>[number]) => ({
  id: document.id,
  documentName: { english: document.document_name_en, arabic: document.document_name_ar },
  status: document.status,
  verificationCode: document.verification_code,
  verificationUrl: `${env.publicUrl}/verify/${document.verification_code}`,
  documentHash: document.document_hash,
  expiryDate: document.expiry_date,
  securePlusEnabled: fromFlag(document.secure_plus_enabled),
  createdAt: document.created_at,
});

async function detailOf(db: DB, request: StaffRow): Promise<z.input<typeof documentRequestDetailSchema>> {
  const [fields, attachments, issued] = await Promise.all([
    fieldValuesOf(db, request.id),
    attachmentsOf(db, "DOCUMENT_REQUESTS", request.id),
    issuedDocumentsOf(db, { requestId: request.id }),
  ]);
  return {
    id: request.id,
    status: request.status,
    securePlusEnabled: fromFlag(request.secure_plus_enabled),
    requestMessage: request.request_message,
    createdAt: request.created_at,
    statusNote: { english: request.status_note_en, arabic: request.status_note_ar },
    beneficiary: {
      id: request.beneficiary_id,
      firstName: { english: request.first_name_en, arabic: request.first_name_ar },
      lastName: { english: request.last_name_en, arabic: request.last_name_ar },
      email: request.email,
      phone: request.phone,
      nin: request.nin,
    },
    documentCategory: {
      id: request.document_category_id,
      name: { english: request.category_en, arabic: request.category_ar },
    },
    client: { id: request.client_id, name: { english: request.client_en, arabic: request.client_ar } },
    filledFields: fields.map((field) => ({ fieldName: field.field_name, fieldValue: field.field_value })),
    uploadedDocuments: attachments.map((attachment) => ({
      id: attachment.id,
      documentName: attachment.document_name,
      mimeType: attachment.mime_type,
      totalPages: attachment.total_pages,
      status: attachment.status,
      documentUrl: `${env.publicUrl}/files/${attachment.file_id}`,
    })),
    issuedDocuments: issued.map(issuedOf),
  };
}

/** A request the caller may reach (staff: their scope; a beneficiary: their own), or 404. */
const requestInScope = async (db: DB, principal: SignedIn, id: number) =>
  inCallerScope(principal, await findRequestForStaff(db, id));

const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));

async function create(principal: SignedIn, body: z.output<typeof newRequestSchema>, ip: string | null) {
  const db = getDb();
  const documents: UploadedFile[] = body.supportingDocuments.map((document) => ({
    fieldName: `document.${document.supportingDocumentTypeId}`,
    name: document.documentName,
    bytes: bytesOf(document.base64Data),
  }));
  const result = await createRequest(
    db,
    principal.userId,
    {
      clientId: body.clientId,
      categoryId: body.documentCategoryId,
      fields: Object.fromEntries(body.filledFields.map((field) => [field.fieldName, field.fieldValue])),
      requestMessage: body.requestMessage,
      securePlusEnabled: body.securePlusEnabled,
      documents,
    },
    ip,
  );
  if (!result.ok) throw apiRefusal(result);
  return detailOf(db, (await findRequestForStaff(db, result.requestId))!);
}

const paging = pagingQuery();
const TAG = "Document requests";
const BODY_WITH_FILES = 40 * 1024 * 1024;

const newRequestExample = {
  clientId: 1,
  documentCategoryId: 1,
  requestMessage: "For my new employer.",
  securePlusEnabled: false,
  filledFields: [
    { fieldName: "student_number", fieldValue: "20190042" },
    { fieldName: "graduation_date", fieldValue: "2023-06-30" },
  ],
  supportingDocuments: [
    { supportingDocumentTypeId: 1, documentName: "national-id.pdf", base64Data: EXAMPLE_PDF_BASE64 },
  ],
};

export const documentRequestOperations = [
  operation({
    id: "listDocumentRequests",
    method: "GET",
    path: "/api/document-requests",
    tag: TAG,
    capabilities: ["request:read"],
    summary: "Requests the caller's staff role reaches, newest first",
    query: z.object(paging),
    response: pageOf(documentRequestSchema),
    message: "api.messages.ok",
    example: { as: "clerk", query: { page: 0, size: 10 } },
    failures: [403],
    async handle({ query, principal }) {
      return page(getDb(), { ...scopeFilter(principal), ...query });
    },
  }),
  operation({
    id: "listMyDocumentRequests",
    method: "GET",
    path: "/api/document-requests/by-beneficiary",
    tag: TAG,
    capabilities: ["request:submit"],
    summary: "The signed-in beneficiary's requests",
    query: z.object(paging),
    response: pageOf(documentRequestSchema),
    message: "api.messages.ok",
    example: { as: "beneficiary", query: { page: 0, size: 10 } },
    failures: [403],
    async handle({ query, principal }) {
      return page(getDb(), { beneficiaryId: principal.userId, ...query });
    },
  }),
  operation({
    id: "listBeneficiaryRequests",
    method: "GET",
    path: "/api/document-requests/beneficiary-requests",
    tag: TAG,
    capabilities: ["request:read"],
    summary: "A beneficiary's requests, as staff see them (their client's only)",
    query: z.object({ beneficiaryId: idQuery("validation.beneficiaryRequired"), ...paging }),
    response: pageOf(documentRequestSchema),
    message: "api.messages.ok",
    example: { as: "clerk", query: { beneficiaryId: 6, page: 0, size: 10 } },
    failures: [403, 404],
    async handle({ query, principal }) {
      const db = getDb();
      const beneficiary = await findUserById(db, query.beneficiaryId);
      if (!beneficiary || beneficiary.role !== "BENEFICIARY") throw apiError(404);
      return page(db, { ...scopeFilter(principal), beneficiaryId: beneficiary.id, page: query.page, size: query.size });
    },
  }),
  operation({
    id: "listClientRequests",
    method: "GET",
    path: "/api/document-requests/by-client",
    tag: TAG,
    capabilities: ["request:read"],
    summary: "A client's requests (staff of that client, or administrators)",
    query: z.object({ clientId: idQuery("validation.clientRequired"), ...paging }),
    response: pageOf(documentRequestSchema),
    message: "api.messages.ok",
    example: { as: "clerk", query: { clientId: 1, page: 0, size: 10 } },
    failures: [403, 404],
    async handle({ query, principal }) {
      const db = getDb();
      inCallerScope(
        principal,
        await findClient(db, query.clientId).then((client) => client && { client_id: client.id }),
      );
      return page(db, { clientId: query.clientId, page: query.page, size: query.size });
    },
  }),
  operation({
    id: "listCategoryRequests",
    method: "GET",
    path: "/api/document-requests/by-document-category",
    tag: TAG,
    capabilities: ["request:read"],
    summary: "The requests of a document category",
    query: z.object({ documentCategoryId: idQuery("validation.documentCategoryRequired"), ...paging }),
    response: pageOf(documentRequestSchema),
    message: "api.messages.ok",
    example: { as: "clerk", query: { documentCategoryId: 1, page: 0, size: 10 } },
    failures: [403, 404],
    async handle({ query, principal }) {
      const db = getDb();
      const category = await categoryInScope(db, query.documentCategoryId, principal);
      if (!category) throw apiError(404);
      return page(db, { categoryId: category.id, page: query.page, size: query.size });
    },
  }),
  operation({
    id: "getMyDocumentRequest",
    method: "GET",
    path: "/api/document-requests/beneficiary",
    tag: TAG,
    capabilities: ["request:submit"],
    summary: "One of the signed-in beneficiary's requests",
    query: z.object({ requestId: idQuery("api.validation.requestId") }),
    response: documentRequestDetailSchema,
    message: "api.messages.ok",
    example: { as: "beneficiary", query: { requestId: 1 } },
    failures: [403, 404],
    async handle({ query, principal }) {
      const db = getDb();
      return detailOf(db, await requestInScope(db, principal, query.requestId));
    },
  }),
  operation({
    id: "getDocumentRequest",
    method: "GET",
    path: "/api/document-requests/{id}",
    tag: TAG,
    capabilities: ["request:read"],
    summary: "A request with its fields, documents and issued documents (staff)",
    params: z.object({ id: z.number().int().positive() }),
    response: documentRequestDetailSchema,
    message: "api.messages.ok",
    example: { as: "clerk", params: { id: 1 } },
    failures: [403, 404],
    async handle({ params, principal }) {
      const db = getDb();
      return detailOf(db, await requestInScope(db, principal, params.id));
    },
  }),
  operation({
    id: "createDocumentRequest",
    method: "POST",
    path: "/api/document-requests/create",
    tag: TAG,
    capabilities: ["request:submit"],
    summary: "Create a request (a beneficiary, for themselves)",
    description:
      "`beneficiaryId`, when given, must be the caller's own id. Supporting documents are sent as base64, one per supporting document type.",
    body: createRequestSchema,
    maxBytes: BODY_WITH_FILES,
    response: documentRequestDetailSchema,
    status: 201,
    message: "api.messages.requestCreated",
    example: { as: "beneficiary", body: { beneficiaryId: 6, ...newRequestExample } },
    failures: [403, 404, 413, 415],
    async handle({ body, principal, ip }) {
      if (body.beneficiaryId !== undefined && body.beneficiaryId !== principal.userId) throw apiError(403);
      return create(principal, body, ip);
    },
  }),
  operation({
    id: "createMyDocumentRequest",
    method: "POST",
    path: "/api/document-requests/beneficiary",
    tag: TAG,
    capabilities: ["request:submit"],
    summary: "Create a request for the signed-in beneficiary",
    body: newRequestSchema,
    maxBytes: BODY_WITH_FILES,
    response: documentRequestDetailSchema,
    status: 201,
    message: "api.messages.requestCreated",
    example: { as: "beneficiary", body: newRequestExample },
    failures: [403, 404, 413, 415],
    async handle({ body, principal, ip }) {
      return create(principal, body, ip);
    },
  }),
  operation({
    id: "updateDocumentRequest",
    method: "PUT",
    path: "/api/document-requests/{id}",
    tag: TAG,
    capabilities: ["request:update"],
    summary: "Change the message and filled fields",
    description: "The beneficiary while the request is PENDING (409 after), or staff of its client at any time.",
    params: z.object({ id: z.number().int().positive() }),
    body: editRequestSchema,
    response: documentRequestDetailSchema,
    message: "api.messages.requestUpdated",
    example: {
      as: "clerk",
      params: { id: 1 },
      body: {
        requestMessage: "Corrected by the registry.",
        filledFields: [{ fieldName: "student_number", fieldValue: "20190042" }],
      },
    },
    failures: [403, 404, 409],
    async handle({ params, body, principal, ip }) {
      const db = getDb();
      const fields = body.filledFields
        ? Object.fromEntries(body.filledFields.map((field) => [field.fieldName, field.fieldValue]))
        : undefined;
      if (principal.role === "BENEFICIARY") {
        const own = await requestInScope(db, principal, params.id);
        const current = Object.fromEntries(
          (await fieldValuesOf(db, own.id)).map((field) => [field.field_name, field.field_value]),
        );
        const outcome = await editPendingRequest(
          db,
          own.id,
          principal.userId,
          { fields: fields ?? current, requestMessage: body.requestMessage },
          ip,
        );
        if (!outcome.ok) throw apiRefusal(outcome, { key: "requests.editOnlyPendingShort" });
      } else {
        const found = await requestInScope(db, principal, params.id);
        const current = Object.fromEntries(
          (await fieldValuesOf(db, found.id)).map((field) => [field.field_name, field.field_value]),
        );
        await editRequestByStaff(
          db,
          found,
          { fields: fields ?? current, requestMessage: body.requestMessage },
          principal,
        );
      }
      return detailOf(db, (await findRequestForStaff(db, params.id))!);
    },
  }),
  operation({
    id: "reviewUploadedDocument",
    method: "PUT",
    path: "/api/document-requests/update-document-uploaded",
    tag: TAG,
    capabilities: ["request:update"],
    summary: "Approve or reject a supporting document of a request",
    body: documentReviewSchema,
    response: documentRequestDetailSchema,
    message: "api.messages.documentReviewed",
    example: { as: "clerk", body: { requestId: 1, documentId: 1, status: "APPROVED" } },
    failures: [403, 404],
    async handle({ body, principal }) {
      const db = getDb();
      const found = await requestInScope(db, principal, body.requestId);
      const reviewed = await reviewAttachment(db, found, body.documentId, body.status, principal);
      if (!reviewed.ok) throw apiRefusal(reviewed);
      return detailOf(db, found);
    },
  }),
  operation({
    id: "updateDocumentRequestStatus",
    method: "PUT",
    path: "/api/document-requests/update-status",
    tag: TAG,
    capabilities: ["request:update"],
    summary: "Set the status and SecurePlus (the Update Status dialog), with an optional note",
    body: updateStatusSchema,
    response: documentRequestDetailSchema,
    message: "api.messages.statusUpdated",
    example: {
      as: "clerk",
      body: {
        requestId: 5,
        status: "APPROVED",
        securePlusEnabled: false,
        note: { english: "All documents verified.", arabic: "تم التحقق من جميع المستندات." },
      },
    },
    failures: [403, 404],
    async handle({ body, principal }) {
      const db = getDb();
      const found = await requestInScope(db, principal, body.requestId);
      await changeRequestStatus(
        db,
        found,
        { status: body.status, securePlusEnabled: body.securePlusEnabled, note: storedBilingual(body.note) },
        principal,
      );
      return detailOf(db, (await findRequestForStaff(db, found.id))!);
    },
  }),
  operation({
    id: "changeDocumentRequestStatus",
    method: "PUT",
    path: "/api/document-requests/change-status",
    tag: TAG,
    capabilities: ["request:update"],
    summary: "Set the status only (query parameters), keeping SecurePlus",
    query: z.object({ status: apiStatusSchema, documentRequestId: idQuery("api.validation.requestId") }),
    response: documentRequestDetailSchema,
    message: "api.messages.statusUpdated",
    example: { as: "clerk", query: { status: "REJECTED", documentRequestId: 27 } },
    failures: [403, 404],
    async handle({ query, principal }) {
      const db = getDb();
      const found = await requestInScope(db, principal, query.documentRequestId);
      await changeRequestStatus(
        db,
        found,
        {
          status: query.status,
          securePlusEnabled: fromFlag(found.secure_plus_enabled),
          note: { en: null, ar: null },
        },
        principal,
      );
      return detailOf(db, (await findRequestForStaff(db, found.id))!);
    },
  }),
  operation({
    id: "issueDocument",
    method: "PUT",
    path: "/api/document-requests/issue-document",
    tag: TAG,
    capabilities: ["request:issue"],
    summary: "Issue the document of a request",
    description:
      "JSON with the file as `base64Data`, or `multipart/form-data` with the same fields and the file as `file`. `documentName` is one string (used for both languages) or `{ english, arabic }` (in a form, `documentName.english` and `documentName.arabic`). PNG, JPEG, GIF or PDF of at most 4 MB, checked by content. Without `expirationDate`: today plus the category's validity period. An APPROVED request is issued and COMPLETED; a COMPLETED one is issued again, superseding its document; a PENDING one only with `approve: true` (approved and issued in one step), else 409; a REJECTED one never (409).",
    body: issueJsonSchema,
    multipart: {
      fields: issueMultipartSchema,
      file: "file",
      maxFileBytes: ISSUE_MAX_BYTES,
      tooLarge: "validation.fileMax4",
    },
    maxBytes: Math.ceil((ISSUE_MAX_BYTES * 4) / 3) + 64 * 1024,
    response: issuedResultSchema,
    status: 201,
    message: "api.messages.documentIssued",
    example: {
      as: "clerk",
      body: {
        requestId: 18,
        documentName: { english: "Graduation certificate", arabic: "شهادة تخرج" },
        expirationDate: "2099-12-31",
        securePlusEnabled: false,
        base64Data: EXAMPLE_PDF_BASE64,
      },
    },
    failures: [403, 404, 409, 413, 415],
    async handle({ body, files, principal }) {
      const db = getDb();
      const found = await requestInScope(db, principal, body.requestId);
      // A multipart body arrives as its own fields (issueMultipartSchema), not the JSON body's.
      const form = body as unknown as z.output<typeof issueMultipartSchema>;
      const documentName =
        "base64Data" in body
          ? { en: body.documentName.english, ar: body.documentName.arabic }
          : form.documentName
            ? { en: form.documentName, ar: form.documentName }
            : { en: form["documentName.english"]!, ar: form["documentName.arabic"]! };
      const file: UploadedFile | undefined =
        "base64Data" in body
          ? { fieldName: "file", name: `${documentName.en}.pdf`, bytes: bytesOf(body.base64Data) }
          : files[0];
      if (!file)
        throw apiError(400, "api.errors.validation", {
          code: "VALIDATION_ERROR",
          details: [{ field: "file", key: "validation.selectFile" }],
        });
      if (file.bytes.byteLength > ISSUE_MAX_BYTES) throw apiError(413, "validation.fileMax4");
      const result = await issueDocument(db, {
        request: found,
        issuer: principal,
        file,
        documentName,
        securePlusEnabled: body.securePlusEnabled,
        expirationDate: body.expirationDate,
        approve: body.approve,
      });
      // A refused file is named by the field the call sent it in.
      const field = "base64Data" in body ? "base64Data" : "file";
      if (!result.ok) throw apiRefusal(result.field ? refusedFields([{ field, key: result.error }]) : result);
      const issued = (await issuedDocumentsOf(db, { requestId: found.id })).find(
        (document) => document.id === result.issuedDocumentId,
      )!;
      return { requestId: found.id, issuedDocument: issuedOf(issued) };
    },
  }),
  operation({
    id: "deleteDocumentRequest",
    method: "DELETE",
    path: "/api/document-requests/{id}",
    tag: TAG,
    capabilities: ["request:submit"],
    summary: "Withdraw a PENDING request (its beneficiary)",
    params: z.object({ id: z.number().int().positive() }),
    response: z.object({ id: z.number().int() }),
    message: "api.messages.requestWithdrawn",
    example: { as: "beneficiary", params: { id: 29 } },
    failures: [403, 404, 409],
    async handle({ params, principal, ip }) {
      const outcome = await withdrawRequest(getDb(), params.id, principal.userId, ip);
      if (!outcome.ok) throw apiRefusal(outcome);
      return { id: params.id };
    },
  }),
];
