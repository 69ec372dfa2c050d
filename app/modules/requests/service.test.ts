import { beforeEach, describe, expect, it } from "vitest";
import { problemsByField } from "~/platform/outcome";
import type { DB } from "~/platform/db/db.server";
import { createSeededTestDb, rowWhere } from "~/test/db";
import { EXE_BYTES, pdfBytes } from "~/test/files";
import { makeContext, statusOf, testUser, postAs } from "~/test/route";
import * as editRoute from "~/routes/requests/my-request-edit";
import { editPendingRequest, replacePendingRequestDocuments } from "./service.server";

let db: DB;
let owner: { id: number; email: string };

beforeEach(async () => {
  db = await createSeededTestDb();
  owner = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("email", "=", "beneficiary@example.com")
    .executeTakeFirstOrThrow();
});

const requestWith = (status: string) =>
  db
    .selectFrom("document_requests")
    .selectAll()
    .where("beneficiary_id", "=", owner.id)
    .where("status", "=", status as never)
    .orderBy("id")
    .executeTakeFirstOrThrow();

describe("editing my request", () => {
  it("changes fields and message while PENDING, audited", async () => {
    const request = await requestWith("PENDING");
    expect(
      await editPendingRequest(
        db,
        request.id,
        owner.id,
        { fields: { student_number: "999" }, requestMessage: "Updated" },
        null,
      ),
    ).toEqual({ ok: true });
    const values = await db
      .selectFrom("request_field_values")
      .select(["field_name", "field_value"])
      .where("request_id", "=", request.id)
      .execute();
    expect(values).toEqual([{ field_name: "student_number", field_value: "999" }]);
    const audit = await db
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "request.update")
      .where("entity_id", "=", request.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("refuses once the request is no longer PENDING, changing nothing", async () => {
    const request = await requestWith("APPROVED");
    expect(await editPendingRequest(db, request.id, owner.id, { fields: {}, requestMessage: "x" }, null)).toMatchObject(
      {
        ok: false,
        error: "requests.editOnlyPending",
      },
    );
    expect((await rowWhere(db, "document_requests", "id", request.id)).request_message).toBe(request.request_message);
  });

  it("replaces a supporting document of the same type and refuses bad files", async () => {
    const request = await requestWith("PENDING");
    const type = await db
      .selectFrom("supporting_document_types")
      .selectAll()
      .where("document_category_id", "=", request.document_category_id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const bad = await replacePendingRequestDocuments(
      db,
      request.id,
      owner.id,
      [{ fieldName: `document.${type.id}`, name: "id.pdf", bytes: EXE_BYTES }],
      null,
    );
    expect(!bad.ok && problemsByField(bad)[type.id]).toBe("validation.invalidDocumentFileType");
    await replacePendingRequestDocuments(
      db,
      request.id,
      owner.id,
      [{ fieldName: `document.${type.id}`, name: "new-id.pdf", bytes: await pdfBytes() }],
      null,
    );
    const attachments = await db
      .selectFrom("attachments")
      .innerJoin("files", "files.id", "attachments.file_id")
      .select("files.original_name")
      .where("entity_type", "=", "DOCUMENT_REQUESTS")
      .where("reference_entity_id", "=", request.id)
      .where("supporting_document_type_id", "=", type.id)
      .execute();
    expect(attachments).toEqual([{ original_name: "new-id.pdf" }]);
  });

  it("answers 404 to another beneficiary, for the page and the post", async () => {
    const request = await requestWith("PENDING");
    const other = testUser({
      id: owner.id + 1000,
      email: "x@example.com",
      role: "BENEFICIARY" as const,
    });
    const context = makeContext({ user: other });
    expect(
      await statusOf(
        editRoute.loader,
        new Request(`http://localhost/beneficiary/request-document/edit/${request.id}`),
        context,
        { id: String(request.id) },
      ),
    ).toBe(404);
    const post = await postAs(
      context,
      editRoute.action,
      `/beneficiary/request-document/edit/${request.id}`,
      { requestMessage: "hack" },
      { id: String(request.id) },
    );
    expect(post.status).toBe(404);
    expect((await rowWhere(db, "document_requests", "id", request.id)).request_message).toBe(request.request_message);
  });
});
