import fs from "node:fs";
import { problemsByField, type Outcome } from "~/platform/outcome";
import { attachmentsOf, findFile } from "~/modules/files/queries.server";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { listAuditEvents } from "~/modules/audit/queries.server";
import { beneficiaryRequestView } from "~/modules/requests/views.server";
import { createSeededTestDb, rowWhere } from "~/test/db";
import { EXE_BYTES, PNG_BYTES, pdfBytes, storedPath } from "~/test/files";
import { findDraft } from "./queries.server";
import {
  attachDocuments,
  chooseCategory,
  chooseClient,
  discardDraft,
  removeDocument,
  saveFields,
  submitDraft,
  wizardView,
} from "./service.server";

/** Each refused document's message by its type id. */
const errorsOf = (outcome: Outcome) => (outcome.ok ? {} : problemsByField(outcome));
let db: DB;
let beneficiaryId: number;
let otherBeneficiaryId: number;
let university: { id: number; categories: number[] };

beforeEach(async () => {
  db = await createSeededTestDb();
  beneficiaryId = (
    await db.selectFrom("users").select("id").where("email", "=", "beneficiary3@example.com").executeTakeFirstOrThrow()
  ).id;
  otherBeneficiaryId = (
    await db.selectFrom("users").select("id").where("email", "=", "beneficiary@example.com").executeTakeFirstOrThrow()
  ).id;
  const client = await db
    .selectFrom("clients")
    .select("id")
    .where("name_en", "=", "Demo University")
    .executeTakeFirstOrThrow();
  const categories = await db
    .selectFrom("document_categories")
    .select("id")
    .where("client_id", "=", client.id)
    .orderBy("id")
    .execute();
  university = { id: client.id, categories: categories.map((c) => c.id) };
});

async function fillFirstSteps() {
  await chooseClient(db, beneficiaryId, university.id);
  await chooseCategory(db, beneficiaryId, university.categories[0]);
  await saveFields(db, beneficiaryId, { student_number: "20201234", graduation_date: "2024-06-30" });
  return wizardView(db, beneficiaryId);
}

describe("request draft", () => {
  it("keeps the answers between steps (a reload or a new session finds them)", async () => {
    const view = await fillFirstSteps();
    expect(view.client?.id).toBe(university.id);
    expect(view.fields).toEqual({ student_number: "20201234", graduation_date: "2024-06-30" });
    expect((await findDraft(db, beneficiaryId))?.step).toBe(3);
  });

  it("refuses a category of another client", async () => {
    await chooseClient(db, beneficiaryId, university.id);
    const foreign = await db
      .selectFrom("document_categories")
      .select("id")
      .where("client_id", "!=", university.id)
      .executeTakeFirstOrThrow();
    expect(await chooseCategory(db, beneficiaryId, foreign.id)).toMatchObject({
      ok: false,
      error: "wizard.categoryInvalid",
    });
  });

  it("replaces a supporting document of the same type", async () => {
    const view = await fillFirstSteps();
    const typeId = view.supportingTypes[0].id;
    await attachDocuments(db, beneficiaryId, [
      { fieldName: `document.${typeId}`, name: "first.pdf", bytes: await pdfBytes() },
    ]);
    await attachDocuments(db, beneficiaryId, [
      { fieldName: `document.${typeId}`, name: "second.png", bytes: PNG_BYTES },
    ]);
    const draft = (await findDraft(db, beneficiaryId))!;
    const attachments = await attachmentsOf(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id);
    expect(attachments.map((a) => a.original_name)).toEqual(["second.png"]);
  });

  it("deletes a replaced, removed or discarded file at once, its row and its bytes", async () => {
    const view = await fillFirstSteps();
    const typeId = view.supportingTypes[0].id;
    const storedOf = async () => {
      const draft = await findDraft(db, beneficiaryId);
      const attachments = draft ? await attachmentsOf(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id) : [];
      return db
        .selectFrom("files")
        .select(["id", "storage_key"])
        .where("id", "in", attachments.length ? attachments.map((a) => a.file_id) : [0])
        .execute();
    };
    const gone = async (file: { id: number; storage_key: string }) =>
      !(await findFile(db, file.id)) && !fs.existsSync(storedPath(file.storage_key));
    await attachDocuments(db, beneficiaryId, [
      { fieldName: `document.${typeId}`, name: "first.pdf", bytes: await pdfBytes() },
    ]);
    const [first] = await storedOf();
    await attachDocuments(db, beneficiaryId, [
      { fieldName: `document.${typeId}`, name: "second.png", bytes: PNG_BYTES },
    ]);
    expect(await gone(first)).toBe(true);
    const [second] = await storedOf();
    await removeDocument(db, beneficiaryId, typeId);
    expect(await gone(second)).toBe(true);
    await attachDocuments(db, beneficiaryId, [
      { fieldName: `document.${typeId}`, name: "third.png", bytes: PNG_BYTES },
    ]);
    const [third] = await storedOf();
    await discardDraft(db, beneficiaryId);
    expect(await gone(third)).toBe(true);
  });

  it("refuses files past the beneficiary's storage quota with a 413, storing nothing", async () => {
    const view = await fillFirstSteps();
    const typeId = view.supportingTypes[0].id;
    process.env.STORAGE_QUOTA_MB = "0.001";
    try {
      const filesBefore = (await db.selectFrom("files").selectAll().execute()).length;
      const refused = await attachDocuments(db, beneficiaryId, [
        { fieldName: `document.${typeId}`, name: "first.pdf", bytes: await pdfBytes() },
      ]).catch((thrown: unknown) => thrown);
      expect(refused).toMatchObject({ data: { reason: "storage-quota" }, init: { status: 413 } });
      expect((await db.selectFrom("files").selectAll().execute()).length).toBe(filesBefore);
    } finally {
      delete process.env.STORAGE_QUOTA_MB;
    }
  });

  it("replaces a document at the quota when storage would not grow: the replaced file is counted off", async () => {
    const view = await fillFirstSteps();
    const typeId = view.supportingTypes[0].id;
    await attachDocuments(db, beneficiaryId, [{ fieldName: `document.${typeId}`, name: "a.png", bytes: PNG_BYTES }]);
    const stored = await db
      .selectFrom("files")
      .select((eb) => eb.fn.sum<number>("size").as("bytes"))
      .where("created_by", "=", beneficiaryId)
      .executeTakeFirstOrThrow();
    // The quota is exactly what this beneficiary stores: one more file would pass it, the same size replaced would not.
    process.env.STORAGE_QUOTA_MB = String(Number(stored.bytes) / 1024 / 1024);
    try {
      const replaced = await attachDocuments(db, beneficiaryId, [
        { fieldName: `document.${typeId}`, name: "b.png", bytes: PNG_BYTES },
      ]);
      expect(errorsOf(replaced)[typeId]).toBeUndefined();
      const draft = (await findDraft(db, beneficiaryId))!;
      expect((await attachmentsOf(db, "DOCUMENT_SUPPORTING_DOCUMENTS", draft.id)).map((a) => a.original_name)).toEqual([
        "b.png",
      ]);
      const other = view.supportingTypes[1];
      if (other)
        await expect(
          attachDocuments(db, beneficiaryId, [{ fieldName: `document.${other.id}`, name: "c.png", bytes: PNG_BYTES }]),
        ).rejects.toMatchObject({ init: { status: 413 } });
    } finally {
      delete process.env.STORAGE_QUOTA_MB;
    }
  });

  it("refuses a renamed executable and stores nothing for it", async () => {
    const view = await fillFirstSteps();
    const typeId = view.supportingTypes[0].id;
    const filesBefore = (await db.selectFrom("files").selectAll().execute()).length;
    const errors = errorsOf(
      await attachDocuments(db, beneficiaryId, [{ fieldName: `document.${typeId}`, name: "id.pdf", bytes: EXE_BYTES }]),
    );
    expect(errors[typeId]).toBe("validation.invalidDocumentFileType");
    expect((await db.selectFrom("files").selectAll().execute()).length).toBe(filesBefore);
  });

  it("enforces required supporting documents", async () => {
    const view = await fillFirstSteps();
    const required = view.supportingTypes.find((type) => type.is_required)!;
    const errors = errorsOf(await attachDocuments(db, beneficiaryId, []));
    expect(errors[required.id]).toBe("wizard.documentRequired");
    expect(await submitDraft(db, beneficiaryId, { requestMessage: "", securePlusEnabled: false }, null)).toMatchObject({
      ok: false,
      error: "wizard.incomplete",
      details: { step: 3 },
    });
  });

  it("clears fields, supporting documents and uploads when the category changes", async () => {
    const view = await fillFirstSteps();
    await attachDocuments(db, beneficiaryId, [
      { fieldName: `document.${view.supportingTypes[0].id}`, name: "id.pdf", bytes: await pdfBytes() },
    ]);
    await chooseCategory(db, beneficiaryId, university.categories[1]);
    const after = await wizardView(db, beneficiaryId);
    expect(after.fields).toEqual({});
    expect(after.attachments).toEqual([]);
    expect((await findDraft(db, beneficiaryId))?.step).toBe(2);
  });

  it("submits in one transaction: request, field values, attachments, draft gone, audit", async () => {
    const view = await fillFirstSteps();
    await attachDocuments(db, beneficiaryId, [
      { fieldName: `document.${view.supportingTypes[0].id}`, name: "id.pdf", bytes: await pdfBytes(2) },
    ]);
    const result = await submitDraft(
      db,
      beneficiaryId,
      { requestMessage: "For a visa", securePlusEnabled: true },
      "127.0.0.1",
    );
    expect(result.ok).toBe(true);
    const requestId = (result as { requestId: number }).requestId;
    const request = await rowWhere(db, "document_requests", "id", requestId);
    expect(request).toMatchObject({
      status: "PENDING",
      beneficiary_id: beneficiaryId,
      client_id: university.id,
      secure_plus_enabled: 1,
      request_message: "For a visa",
    });
    const values = await db
      .selectFrom("request_field_values")
      .select(["field_name", "field_value"])
      .where("request_id", "=", requestId)
      .execute();
    expect(values).toEqual(expect.arrayContaining([{ field_name: "student_number", field_value: "20201234" }]));
    const attachments = await db
      .selectFrom("attachments")
      .selectAll()
      .where("entity_type", "=", "DOCUMENT_REQUESTS")
      .where("reference_entity_id", "=", requestId)
      .execute();
    expect(attachments).toHaveLength(1);
    expect(await findDraft(db, beneficiaryId)).toBeUndefined();
    expect((await listAuditEvents(db, { action: "request.create", entityId: requestId })).length).toBe(1);
    // The client's clerks hear of it, in-app: the notice links to the request in their area.
    const clerkNotices = await db
      .selectFrom("notifications")
      .innerJoin("clerks", "clerks.user_id", "notifications.user_id")
      .select(["clerks.client_id", "notifications.title_en", "notifications.link"])
      .where("notifications.kind", "=", "newRequest")
      .execute();
    expect(clerkNotices.length).toBeGreaterThan(0);
    for (const notice of clerkNotices)
      expect(notice).toEqual({
        client_id: university.id,
        title_en: `New request #${requestId} for your organisation`,
        link: `/clerks/document-categories/request/${requestId}`,
      });
  });

  it("shows a request only to its beneficiary", async () => {
    const mine = await db
      .selectFrom("document_requests")
      .select("id")
      .where("beneficiary_id", "=", otherBeneficiaryId)
      .executeTakeFirstOrThrow();
    expect(await beneficiaryRequestView(db, mine.id, otherBeneficiaryId)).not.toBeNull();
    expect(await beneficiaryRequestView(db, mine.id, beneficiaryId)).toBeNull();
  });
});
