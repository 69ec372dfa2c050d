import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { auditEventsSinceSeed, createSeededTestDb, sessionUserOf, rowWhere } from "~/test/db";
import { pdfBytes } from "~/test/files";
import { makeContext, postMultipart as multipart, run, statusOf, postAs, openAs, withUrl } from "~/test/route";
import * as issueRoute from "./issue-document";
import * as detail from "./staff-request";
import * as list from "./staff-requests";
import * as listExport from "./staff-requests-export";
import { readToast } from "~/platform/toast/toast.server";

let db: DB;
const users: Record<string, SessionUser> = {};
let demoUniversityId: number;

beforeEach(async () => {
  db = await createSeededTestDb();
  for (const email of [
    "clerk@example.com",
    "clerk2@example.com",
    "superadmin@example.com",
    "serviceadmin@example.com",
    "beneficiary@example.com",
  ]) {
    users[email] = await sessionUserOf(db, email);
  }
  demoUniversityId = users["clerk@example.com"].client!.id;
});

const as = (email: string) => makeContext({ user: users[email] });
/** The staff page of a request, as the clerk's area shows it to `email`. */
const requestPage = (id: number, email = "clerk@example.com") =>
  openAs(as(email), detail.loader, `/clerks/document-categories/request/${id}`, {
    id: String(id),
  });
/** The super admin's issue screen of a request. */
const issuePage = (id: number) =>
  openAs(
    as("superadmin@example.com"),
    issueRoute.loader,
    `/super-admin/document-categories-management/request/issue/${id}`,
    { id: String(id) },
  );

/** A post to the clerks' page of request `id` (a status, a revocation). */
const postToRequest = (id: number | null, fields: Record<string, string>, email = "clerk@example.com") =>
  postAs(as(email), detail.action, `/clerks/document-categories/request/${id}`, fields, { id: String(id) });
/** The first valid document Demo University issued. */
const demoIssued = () =>
  db
    .selectFrom("issued_documents")
    .selectAll()
    .where("client_id", "=", demoUniversityId)
    .where("status", "=", "VALID")
    .orderBy("id")
    .executeTakeFirstOrThrow();

/** The flash toast a redirect sets. */
const toastOf = (result: { headers: Headers }) =>
  readToast(
    new Request("http://localhost/", {
      headers: {
        Cookie: result.headers
          .getSetCookie()
          .map((cookie) => cookie.split(";")[0])
          .join("; "),
      },
    }),
  );

const demoRequest = (status: string) =>
  db
    .selectFrom("document_requests")
    .selectAll()
    .where("client_id", "=", demoUniversityId)
    .where("status", "=", status as never)
    .orderBy("id")
    .executeTakeFirstOrThrow();

describe("staff request screens", () => {
  it("name each supporting document by its type in both languages, for the Arabic page", async () => {
    const request = await demoRequest("PENDING");
    const page = await requestPage(request.id);
    const attachments = (page.data as { attachments: { document_type_en: string; document_type_ar: string }[] })
      .attachments;
    expect(attachments.length).toBeGreaterThan(0);
    const types = await db
      .selectFrom("supporting_document_types")
      .select(["document_type_en", "document_type_ar"])
      .where("document_category_id", "=", request.document_category_id)
      .execute();
    for (const attachment of attachments)
      expect(types).toContainEqual({
        document_type_en: attachment.document_type_en,
        document_type_ar: attachment.document_type_ar,
      });
    expect(attachments[0].document_type_ar).toMatch(/[\u0600-\u06FF]/);
  });

  it("list the category's requests newest first, filtered by status and searchable", async () => {
    const request = await demoRequest("PENDING");
    const context = as("clerk@example.com");
    const url = `http://localhost/clerks/document-categories/requests/${request.document_category_id}`;
    const all = await run(list.loader, new Request(url), context, { categoryId: String(request.document_category_id) });
    const rows = (all.data as { rows: { id: number }[] }).rows;
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
    const pending = await run(list.loader, new Request(`${url}?status=PENDING`), context, {
      categoryId: String(request.document_category_id),
    });
    expect((pending.data as { rows: { status: string }[] }).rows.every((row) => row.status === "PENDING")).toBe(true);
    const byId = await run(list.loader, new Request(`${url}?q=${request.id}`), context, {
      categoryId: String(request.document_category_id),
    });
    expect((byId.data as { rows: { id: number }[] }).rows.map((row) => row.id)).toEqual([request.id]);
    const byEmail = await run(list.loader, new Request(`${url}?q=BENEFICIARY@example`), context, {
      categoryId: String(request.document_category_id),
    });
    expect((byEmail.data as { total: number }).total).toBeGreaterThan(0);
  });

  it("answer 404 for another client's request, for pages and posts, and write nothing", async () => {
    const request = await demoRequest("PENDING");
    const outsider = as("clerk2@example.com");
    const path = `/clerks/document-categories/request/${request.id}`;
    expect(
      await statusOf(detail.loader, new Request(`http://localhost${path}`), outsider, { id: String(request.id) }),
    ).toBe(404);
    const post = await postAs(
      outsider,
      detail.action,
      path,
      { intent: "status", status: "APPROVED", securePlusEnabled: "false" },
      { id: String(request.id) },
    );
    expect(post.status).toBe(404);
    expect(
      (await db.selectFrom("document_requests").select("status").where("id", "=", request.id).executeTakeFirstOrThrow())
        .status,
    ).toBe("PENDING");
    const list404 = await openAs(
      outsider,
      list.loader,
      `/clerks/document-categories/requests/${request.document_category_id}`,
      { categoryId: String(request.document_category_id) },
    );
    expect(list404.status).toBe(404);
  });

  it("say 'No Data Found WIth ID {id}' for a missing id", async () => {
    const result = await openAs(as("clerk@example.com"), detail.loader, "/clerks/document-categories/request/99999", {
      id: "99999",
    });
    expect(result.status).toBe(404);
    expect(result.data).toEqual({ reason: "not-found" });
    // Another client's request answers exactly the same (the area's error boundary says 'No Data Found WIth ID {id}').
    const other = await demoRequest("PENDING");
    const outside = await requestPage(other.id, "clerk2@example.com");
    expect([outside.status, outside.data]).toEqual([result.status, result.data]);
  });

  it("refuse beneficiaries (403) and let service admins look but not change", async () => {
    const request = await demoRequest("PENDING");
    const path = `/document-categories/request/${request.id}`;
    expect(
      await statusOf(detail.loader, new Request(`http://localhost${path}`), as("beneficiary@example.com"), {
        id: String(request.id),
      }),
    ).toBe(403);
    expect(
      await statusOf(detail.loader, new Request(`http://localhost${path}`), as("serviceadmin@example.com"), {
        id: String(request.id),
      }),
    ).toBe(200);
    const post = await postAs(
      as("serviceadmin@example.com"),
      detail.action,
      path,
      { intent: "status", status: "APPROVED" },
      { id: String(request.id) },
    );
    expect(post.status).toBe(403);
  });
});

describe("Update Status", () => {
  it("saves status, SecurePlus and the note, audits, and returns to the category's list in the same area", async () => {
    const request = await demoRequest("PENDING");
    for (const [user, base] of [
      ["clerk@example.com", "/clerks/document-categories"],
      ["superadmin@example.com", "/super-admin/document-categories-management"],
    ] as const) {
      const result = await postAs(
        makeContext({ user: users[user] }),
        detail.action,
        `${base}/request/${request.id}`,
        {
          intent: "status",
          status: "APPROVED",
          securePlusEnabled: "true",
          "note.english": "Documents verified",
        },
        { id: String(request.id) },
      );
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe(`${base}/requests/${request.document_category_id}`);
      // The toast names the request, as a link back to it.
      expect(toastOf(result)).toMatchObject({
        params: { id: request.id },
        link: { href: `${base}/request/${request.id}`, label: "toasts.requestNumber" },
      });
    }
    const after = await rowWhere(db, "document_requests", "id", request.id);
    expect(after).toMatchObject({ status: "APPROVED", secure_plus_enabled: 1, status_note_en: "Documents verified" });
    const audit = await db
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "request.status")
      .where("entity_id", "=", request.id)
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0].details)).toMatchObject({
      status: "APPROVED",
      note: { en: "Documents verified", ar: null },
    });
  });

  it("refuses COMPLETED and unknown statuses with a message, changing nothing", async () => {
    const request = await demoRequest("PENDING");
    const result = await postToRequest(request.id, { intent: "status", status: "COMPLETED" });
    expect(result.status).toBe(400);
    expect((result.data as { result: { error: Record<string, string[]> } }).result.error.status).toEqual([
      "staff.statusInvalid",
    ]);
  });
});

describe("issue document form", () => {
  it("offers today plus the category's validity period as the expiry date", async () => {
    const request = await demoRequest("APPROVED");
    const category = await db
      .selectFrom("document_categories")
      .select("validity_period_days")
      .where("id", "=", request.document_category_id)
      .executeTakeFirstOrThrow();
    const page = await issuePage(request.id);
    const expected = new Date(Date.now() + category.validity_period_days * 86_400_000).toISOString().slice(0, 10);
    expect((page.data as { defaultExpiry: string }).defaultExpiry).toBe(expected);
    await db
      .updateTable("document_categories")
      .set({ validity_period_days: 0 })
      .where("id", "=", request.document_category_id)
      .execute();
    const sameDay = await issuePage(request.id);
    expect((sameDay.data as { defaultExpiry: string }).defaultExpiry).toBe(new Date().toISOString().slice(0, 10));
  });

  it("asks for a file, refuses files over 4 MB and past dates", async () => {
    const request = await demoRequest("APPROVED");
    const path = `/super-admin/document-categories-management/request/issue/${request.id}`;
    /** The first error the issue form answers for `field`. */
    const firstError = async (field: string, fields: Record<string, string>, file?: [string, Uint8Array]) => {
      const result = await run(issueRoute.action, multipart(path, fields, file), as("superadmin@example.com"), {
        id: String(request.id),
      });
      return (result.data as { error: Record<string, string[]> }).error[field][0];
    };
    const pdf = ["a.pdf", await pdfBytes()] as [string, Uint8Array];
    const big = ["big.pdf", new Uint8Array(4 * 1024 * 1024 + 1)] as [string, Uint8Array];
    expect(
      await firstError("file", {
        "documentName.english": "X",
        "documentName.arabic": "س",
        expirationDate: "2099-01-01",
      }),
    ).toBe("validation.selectFile");
    expect(
      await firstError(
        "file",
        { "documentName.english": "X", "documentName.arabic": "س", expirationDate: "2099-01-01" },
        big,
      ),
    ).toBe("validation.fileMax4");
    expect(
      await firstError(
        "expirationDate",
        { "documentName.english": "X", "documentName.arabic": "س", expirationDate: "2020-01-01" },
        pdf,
      ),
    ).toBe("validation.selectValidDate");
    expect(
      await firstError(
        "expirationDate",
        { "documentName.english": "X", "documentName.arabic": "س", expirationDate: "" },
        pdf,
      ),
    ).toBe("validation.expirationDateRequired");
    expect(
      await db.selectFrom("issued_documents").selectAll().where("request_id", "=", request.id).execute(),
    ).toHaveLength(0);
  });

  it("uses the file name when the name is empty; the clerks' version sets the expiry from the category", async () => {
    const request = await demoRequest("APPROVED");
    const result = await run(
      issueRoute.action,
      multipart(
        `/clerks/document-categories/request/issue/${request.id}`,
        { "documentName.english": "", "documentName.arabic": "شهادة" },
        ["Final Certificate.pdf", await pdfBytes()],
      ),
      as("clerk@example.com"),
      { id: String(request.id) },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(`/clerks/document-categories/requests/${request.document_category_id}`);
    // The toast names the request and gives the new document's code.
    expect(toastOf(result)).toMatchObject({
      params: { id: request.id, code: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/) },
      link: { href: `/clerks/document-categories/request/${request.id}`, label: "toasts.requestAndCode" },
    });
    const issued = await rowWhere(db, "issued_documents", "request_id", request.id);
    expect(issued.document_name_en).toBe("Final Certificate");
  });

  it("refuses another client's request with 404", async () => {
    const request = await demoRequest("APPROVED");
    const result = await run(
      issueRoute.action,
      multipart(`/clerks/document-categories/request/issue/${request.id}`, {}, ["a.pdf", await pdfBytes()]),
      as("clerk2@example.com"),
      { id: String(request.id) },
    );
    expect(result.status).toBe(404);
  });
});

describe("revoking an issued document", () => {
  it("needs a reason, is audited, and the public page says REVOKED with the reason at once", async () => {
    const { loader: verifyLoader } = await import("~/routes/verify/verify");
    const issued = await demoIssued();
    const noReason = await postToRequest(issued.request_id, {
      intent: "revoke",
      issuedDocumentId: String(issued.id),
      "reason.english": "",
    });
    expect(noReason.status).toBe(400);
    const revoked = await postToRequest(issued.request_id, {
      intent: "revoke",
      issuedDocumentId: String(issued.id),
      "reason.english": "Name misspelled",
    });
    expect(revoked.status).toBe(302);
    expect(await auditEventsSinceSeed(db, "request.revoke")).toHaveLength(1);
    const notice = await db
      .selectFrom("notifications")
      .select(["body_en", "link"])
      .where("user_id", "=", issued.beneficiary_id)
      .where("kind", "=", "documentRevoked")
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({
      body_en: `Request #${issued.request_id}. Reason: Name misspelled`,
      link: `/beneficiary/request-document/${issued.request_id}`,
    });
    expect(
      await db.selectFrom("email_outbox").selectAll().where("body", "like", "%Name misspelled%").execute(),
    ).toHaveLength(1);
    const page = await openAs(makeContext(), verifyLoader, `/verify/${issued.verification_code}`, {
      code: issued.verification_code,
    });
    expect(page.text).toContain('data-verdict="REVOKED"');
    expect(page.text).toContain("Name misspelled");
  });

  it("is refused to another client's clerk", async () => {
    const issued = await demoIssued();
    const result = await postToRequest(
      issued.request_id,
      {
        intent: "revoke",
        issuedDocumentId: String(issued.id),
        "reason.english": "Hostile",
      },
      "clerk2@example.com",
    );
    expect(result.status).toBe(404);
    expect(
      (await db.selectFrom("issued_documents").select("status").where("id", "=", issued.id).executeTakeFirstOrThrow())
        .status,
    ).toBe("VALID");
  });
});

describe("links back to the list", () => {
  it("go to the category's requests, or for a service admin to the client's", async () => {
    const request = await demoRequest("PENDING");
    const clerkView = await requestPage(request.id);
    expect((clerkView.data as { links: { list: string } }).links.list).toBe(
      `/clerks/document-categories/requests/${request.document_category_id}`,
    );
    const serviceView = await openAs(
      as("serviceadmin@example.com"),
      detail.loader,
      `/service-admin/clients-management/request/${request.id}`,
      { id: String(request.id) },
    );
    expect((serviceView.data as { links: { list: string } }).links.list).toBe(
      `/service-admin/clients-management/requests/${request.client_id}`,
    );
  });
});

describe("the work queue", () => {
  const queue = (query = "", email = "clerk@example.com") =>
    openAs(makeContext({ user: users[email] }), list.loader, `/clerks/requests${query}`, {});
  type Row = { id: number; status: string; created_at: string; client_en: string };

  it("lists every request of the client, pending ones first and oldest first, with the age and paging", async () => {
    const result = await queue("?size=100");
    const { rows, isQueue, total } = result.data as { rows: Row[]; isQueue: boolean; total: number };
    expect(isQueue).toBe(true);
    expect(new Set(rows.map((row) => row.client_en))).toEqual(new Set(["Demo University"]));
    expect(rows.length).toBe(total);
    const firstOther = rows.findIndex((row) => row.status !== "PENDING");
    expect(rows.slice(0, firstOther).every((row) => row.status === "PENDING")).toBe(true);
    expect(rows.slice(firstOther).every((row) => row.status !== "PENDING")).toBe(true);
    const pendingIds = rows.slice(0, firstOther).map((row) => row.id);
    expect(pendingIds).toEqual([...pendingIds].sort((a, b) => a - b));
    const newest = (await queue("?order=newest&size=100")).data as { rows: Row[] };
    expect(newest.rows.map((row) => row.id)).toEqual(rows.map((row) => row.id).sort((a, b) => b - a));
    const paged = (await queue("?size=2&page=1")).data as { rows: Row[] };
    expect(paged.rows.map((row) => row.id)).toEqual(rows.slice(2, 4).map((row) => row.id));
  });

  it("filters by status, category, dates and search; another client's category is ignored", async () => {
    const pending = (await queue("?status=PENDING")).data as { rows: Row[] };
    expect(pending.rows.every((row) => row.status === "PENDING")).toBe(true);
    const request = await demoRequest("APPROVED");
    const byCategory = (await queue(`?category=${request.document_category_id}&size=100`)).data as {
      rows: (Row & { category_en: string })[];
      filters: { category: string };
    };
    expect(byCategory.filters.category).toBe(String(request.document_category_id));
    expect(new Set(byCategory.rows.map((row) => row.category_en)).size).toBe(1);
    const ministryCategory = await db
      .selectFrom("document_categories")
      .innerJoin("clients", "clients.id", "document_categories.client_id")
      .select("document_categories.id")
      .where("clients.name_en", "=", "Ministry of Labour")
      .executeTakeFirstOrThrow();
    const foreign = (await queue(`?category=${ministryCategory.id}`)).data as {
      filters: { category: string };
      total: number;
    };
    expect(foreign.filters.category).toBe("");
    expect(foreign.total).toBe(((await queue()).data as { total: number }).total);
    const beneficiary = await db
      .selectFrom("users")
      .select("nin")
      .where("id", "=", request.beneficiary_id)
      .executeTakeFirstOrThrow();
    const byNin = (await queue(`?q=${beneficiary.nin}&size=100`)).data as { rows: { id: number }[] };
    expect(byNin.rows.map((row) => row.id)).toContain(request.id);
    const byNumber = (await queue(`?q=${request.id}&size=100`)).data as { rows: { id: number }[] };
    expect(byNumber.rows.map((row) => row.id)).toContain(request.id); // and anyone whose email holds that number
    const future = (await queue("?from=2099-01-01")).data as { total: number };
    expect(future.total).toBe(0);
  });
});

describe("CSV export", () => {
  /** Reads a streamed body chunk by chunk: its bytes are not kept, only the lines counted and the first few. */
  async function readCsv(response: Response, onRead?: (reads: number) => void) {
    const reader = response.body!.getReader();
    let reads = 0;
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let lines = 0;
    let head = "";
    let first: Uint8Array | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onRead?.(++reads);
      first ??= value;
      const text = decoder.decode(value, { stream: true });
      if (head.length < 4000) head += text;
      lines += text.split("\r\n").length - 1;
    }
    return { lines, head, first: first! };
  }

  it("streams the list with its filters: a BOM, a header in the user's language, ISO dates, Arabic intact", async () => {
    const context = makeContext({ user: users["clerk@example.com"], language: "ar" });
    const response = (await listExport.loader({
      ...withUrl(new Request("http://localhost/clerks/requests/export?status=PENDING&format=csv&page=3")),
      context,
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const { lines, head, first } = await readCsv(response);
    expect([...first.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = head.replace(/^\uFEFF/, "").split("\r\n");
    expect(rows[0]).toBe("رقم الطلب,الحالة,تاريخ الإنشاء,المستفيد,البريد الإلكتروني,الرقم الوطني,نوع الوثيقة,الجهة");
    const pending = (
      await db
        .selectFrom("document_requests")
        .select("id")
        .where("client_id", "=", demoUniversityId)
        .where("status", "=", "PENDING")
        .execute()
    ).length;
    expect(lines).toBe(pending + 1);
    const fields = rows[1].split(",");
    expect(fields[1]).toBe("قيد الانتظار");
    expect(fields[2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(fields[7]).toBe("الجامعة التجريبية");
    expect(rows.slice(1).every((row) => row === "" || row.endsWith(",الجامعة التجريبية"))).toBe(true);
  });

  it("exports 100,000 requests, one row each, a chunk at a time", async () => {
    const request = await demoRequest("PENDING");
    await sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
      INSERT INTO document_requests (beneficiary_id, client_id, document_category_id, status, request_message, created_at, updated_at)
      SELECT ${request.beneficiary_id}, ${request.client_id}, ${request.document_category_id}, 'APPROVED', '', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM n
    `.execute(db);
    const expected = (
      await db
        .selectFrom("document_requests")
        .select(db.fn.countAll<number>().as("n"))
        .where("client_id", "=", demoUniversityId)
        .executeTakeFirstOrThrow()
    ).n;
    expect(expected).toBeGreaterThan(100_000);
    // Live memory, garbage collected first (what the drivers leave as garbage differs between databases).
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = 0;
    const response = (await listExport.loader({
      ...withUrl(new Request("http://localhost/clerks/requests/export?format=csv")),
      context: makeContext({ user: users["clerk@example.com"], language: "en" }),
      params: {},
    } as never)) as Response;
    const { lines, head } = await readCsv(response, (reads) => {
      if (reads % 25 !== 0) return;
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
    });
    expect(lines).toBe(Number(expected) + 1);
    expect(head.split("\r\n")[0]).toBe(
      "\uFEFFRequest number,Status,Created at,Beneficiary,Email,National ID,Document category,Organisation",
    );
    // The rows were never all in memory at once (about 100 MB as objects and text).
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(30 * 1024 * 1024);
  }, 60_000);
});

describe("reviewing a supporting document", () => {
  it("accepts or rejects it, then undoes the decision back to pending", async () => {
    const request = await demoRequest("PENDING");
    const attachment = await db
      .selectFrom("attachments")
      .selectAll()
      .where("entity_type", "=", "DOCUMENT_REQUESTS")
      .where("reference_entity_id", "=", request.id)
      .executeTakeFirstOrThrow();
    const review = (status: string) =>
      postToRequest(request.id, { intent: "review", attachmentId: String(attachment.id), status });
    const statusNow = async () =>
      (await db.selectFrom("attachments").select("status").where("id", "=", attachment.id).executeTakeFirstOrThrow())
        .status;
    expect((await review("APPROVED")).status).toBe(302);
    expect(await statusNow()).toBe("APPROVED");
    expect((await review("PENDING")).status).toBe(302);
    expect(await statusNow()).toBe("PENDING");
    expect((await review("LOST")).status).toBe(404);
    expect(await statusNow()).toBe("PENDING");
  });
});
