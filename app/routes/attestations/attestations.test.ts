import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { sha256Hex } from "~/modules/files/storage.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import { formatCode } from "~/modules/verification/code";
import { accessPinFor } from "~/modules/verification/pin.server";
import { createSeededTestDb, sessionUserOf } from "~/test/db";
import { EXE_BYTES, pdfBytes, PNG_BYTES, storedPath } from "~/test/files";
import { pdfQrText, pdftotext } from "~/test/pdf";
import { makeContext, postForm, postMultipart, run, statusOf, postAs, openAs, withUrl } from "~/test/route";
import { env } from "~/platform/env.server";
import * as fileRoute from "../resources/file";
import * as verify from "../verify/verify";
import * as create from "./attestation-create";
import * as decision from "./attestation-decision";
import * as mine from "./my-attestation";
import * as myList from "./my-attestations";
import * as detail from "./staff-attestation";
import * as staffList from "./staff-attestations";
import * as staffListExport from "./staff-attestations-export";

let db: DB;
const users: Record<string, SessionUser> = {};
const EMAILS = [
  "beneficiary@example.com",
  "beneficiary2@example.com",
  "clerk@example.com",
  "clerk2@example.com",
  "superadmin@example.com",
] as const;

beforeEach(async () => {
  db = await createSeededTestDb();
  for (const email of EMAILS) users[email] = await sessionUserOf(db, email);
});

const as = (email: (typeof EMAILS)[number], options: Parameters<typeof makeContext>[0] = {}) =>
  makeContext({ user: users[email], ...options });
const clientNamed = (name: string) =>
  db.selectFrom("clients").selectAll().where("name_en", "=", name).executeTakeFirstOrThrow();
const attestationNamed = (name: string) =>
  db.selectFrom("attestations").selectAll().where("document_name", "=", name).executeTakeFirstOrThrow();
const counts = async () => ({
  attestations: (await db.selectFrom("attestations").select("id").execute()).length,
  files: (await db.selectFrom("files").select("id").execute()).length,
  issued: (await db.selectFrom("issued_documents").select("id").execute()).length,
});
const errorsOf = (result: { data: unknown }) => (result.data as { error?: Record<string, string[]> }).error ?? {};
/** The decision and revoke forms answer `{ intent?, result }`. */
const resultErrorsOf = (result: { data: unknown }) =>
  (result.data as { result: { error?: Record<string, string[]> } }).result.error ?? {};
/** The beneficiary's page of one of their attestations. */
const myAttestation = (id: number | string, email: (typeof EMAILS)[number] = "beneficiary@example.com") =>
  openAs(as(email), mine.loader, `/beneficiary/attestations/${id}`, { id: String(id) });
/** The public verification page of a code, as a visitor from `ip` reads it. */
const verificationPage = (code: string, lng: "en" | "ar", ip = "203.0.113.5") =>
  openAs(makeContext({ ip }), verify.loader, `/verify/${code}?lng=${lng}`, { code });
const issuedFor = (attestationId: number) =>
  db.selectFrom("issued_documents").selectAll().where("attestation_id", "=", attestationId).executeTakeFirstOrThrow();
/** The one notification of `kind` (each test starts from the seed, which has none). */
const noticeOf = (kind: string) =>
  db.selectFrom("notifications").selectAll().where("kind", "=", kind).executeTakeFirstOrThrow();
/** What the audit trail says of an attestation, in order. */
const auditTrailOf = (id: number) =>
  db
    .selectFrom("audit_events")
    .select(["action", "actor_role"])
    .where("entity_type", "=", "DOCUMENT_ATTESTATION")
    .where("entity_id", "=", id)
    .execute();
const en = (key: string) => i18nFor("en").t(key);
const ar = (key: string) => i18nFor("ar").t(key);

describe("asking for an attestation", () => {
  it("says what is wrong, in English and Arabic, and writes nothing", async () => {
    const before = await counts();
    const noor = await clientNamed("Al-Noor Institute"); // can_do_attestation is false
    const university = await clientNamed("Demo University");
    const context = as("beneficiary@example.com");
    const post = (fields: Record<string, string>, file?: [string, Uint8Array]) =>
      run(create.action, postMultipart("/beneficiary/attestations/create", fields, file), context);

    const empty = await post({ documentName: "abc" });
    expect(errorsOf(empty)).toMatchObject({
      clientId: ["attestations.clientRequired"],
      documentName: ["validation.attachmentNameMin"],
      file: ["validation.selectFile"],
    });
    expect([en("validation.attachmentNameMin"), ar("validation.attachmentNameMin")]).toEqual([
      "Document name must be at least 4 characters",
      "يجب ألا يقل اسم المستند عن 4 أحرف",
    ]);
    expect([en("attestations.clientRequired"), ar("attestations.clientRequired")]).toEqual([
      "Please choose an organisation that attests documents",
      "يرجى اختيار جهة تصادق على الوثائق",
    ]);

    const notAttesting = await post({ clientId: String(noor.id), documentName: "Diploma" }, [
      "diploma.pdf",
      await pdfBytes(),
    ]);
    expect(errorsOf(notAttesting)).toEqual({ clientId: ["attestations.clientRequired"] });
    const executable = await post({ clientId: String(university.id), documentName: "Diploma" }, [
      "diploma.pdf",
      EXE_BYTES,
    ]);
    expect(errorsOf(executable)).toEqual({ file: ["validation.attestationFileType"] });
    expect([en("validation.attestationFileType"), ar("validation.attestationFileType")]).toEqual([
      "Choose a PDF, PNG or JPEG file",
      "اختر ملف PDF أو PNG أو JPEG",
    ]);
    const tooBig = await post({ clientId: String(university.id), documentName: "Diploma" }, [
      "diploma.pdf",
      new Uint8Array(5 * 1024 * 1024 + 1),
    ]);
    expect(tooBig.status).toBe(413);
    expect(errorsOf(tooBig)).toEqual({ file: ["validation.fileSizeMax5"] });
    expect(await counts()).toEqual(before);
  });

  it("stores the file, records a PENDING attestation, audits it and tells the client's clerks only", async () => {
    const university = await clientNamed("Demo University");
    const fields = {
      clientId: String(university.id),
      documentName: "  Master's diploma  ",
      description: "For an embassy.",
      securePlusEnabled: "on",
    };
    const result = await run(
      create.action,
      postMultipart("/beneficiary/attestations/create", fields, ["diploma.png", PNG_BYTES]),
      as("beneficiary@example.com"),
    );
    expect(result.status).toBe(302);
    const row = await attestationNamed("Master's diploma");
    expect(result.headers.get("Location")).toBe(`/beneficiary/attestations/${row.id}`);
    expect(row).toMatchObject({
      status: "PENDING",
      client_id: university.id,
      beneficiary_id: users["beneficiary@example.com"].id,
      description: "For an embassy.",
      secure_plus_enabled: 1,
    });
    const file = await db.selectFrom("files").selectAll().where("id", "=", row.file_id).executeTakeFirstOrThrow();
    expect(file.mime_type).toBe("image/png");
    expect(sha256Hex(fs.readFileSync(storedPath(file.storage_key)))).toBe(sha256Hex(PNG_BYTES));
    expect(await auditTrailOf(row.id)).toEqual([{ action: "attestation.create", actor_role: "BENEFICIARY" }]);
    const notices = await db
      .selectFrom("notifications")
      .select(["user_id", "link", "title_en", "title_ar"])
      .where("kind", "=", "newAttestation")
      .execute();
    expect(notices).toEqual([
      {
        user_id: users["clerk@example.com"].id,
        link: `/clerks/attestations/${row.id}`,
        title_en: `New attestation #${row.id} for your organisation`,
        title_ar: `طلب تصديق جديد رقم ${row.id} لجهتك`,
      },
    ]);
  });

  it("lists only one's own attestations, filtered by status; another beneficiary's answers 404", async () => {
    const list = await openAs(as("beneficiary@example.com"), myList.loader, "/beneficiary/attestations");
    const rows = (list.data as { rows: { document_name: string; status: string }[] }).rows;
    expect(rows.map((row) => row.document_name)).toEqual([
      "Certificate of experience",
      "Letter of recommendation",
      "Certificate of enrolment, 2021",
      "Bachelor's diploma, 2019",
    ]);
    const pending = await openAs(
      as("beneficiary@example.com"),
      myList.loader,
      "/beneficiary/attestations?status=PENDING",
    );
    expect((pending.data as { rows: { status: string }[] }).rows.map((row) => row.status)).toEqual(["PENDING"]);
    const other = await attestationNamed("Transcript of records"); // beneficiary2's
    expect(
      await statusOf(
        mine.loader,
        new Request(`http://localhost/beneficiary/attestations/${other.id}`),
        as("beneficiary@example.com"),
        { id: String(other.id) },
      ),
    ).toBe(404);
    expect(
      await statusOf(
        mine.action,
        postForm(`/beneficiary/attestations/${other.id}`, { intent: "cancel" }),
        as("beneficiary@example.com"),
        { id: String(other.id) },
      ),
    ).toBe(404);
    expect((await attestationNamed("Transcript of records")).status).toBe("PENDING");
    const file = await openAs(as("beneficiary@example.com"), fileRoute.loader, `/files/${other.file_id}`, {
      id: String(other.file_id),
    });
    expect(file.status).toBe(404);
  });

  it("answers 404 for an id past the database's integers, on either database, to its owner as to staff", async () => {
    const page = (path: string) => new Request(`http://localhost${path}`);
    for (const id of ["99999999999", "0", "abc"]) {
      const owner = as("beneficiary@example.com");
      const clerk = as("clerk@example.com");
      const statuses = await Promise.all([
        statusOf(mine.loader, page(`/beneficiary/attestations/${id}`), owner, { id }),
        statusOf(mine.action, postForm(`/beneficiary/attestations/${id}`, { intent: "cancel" }), owner, { id }),
        statusOf(detail.loader, page(`/clerks/attestations/${id}`), clerk, { id }),
        statusOf(decision.loader, page(`/clerks/attestations/edit/${id}`), clerk, { id }),
      ]);
      expect(statuses, id).toEqual([404, 404, 404, 404]);
    }
  });

  it("can be cancelled while PENDING, once", async () => {
    const row = await attestationNamed("Bachelor's diploma, 2019");
    const path = `/beneficiary/attestations/${row.id}`;
    const context = as("beneficiary@example.com");
    const cancelled = await postAs(context, mine.action, path, { intent: "cancel" }, { id: String(row.id) });
    expect(cancelled.status).toBe(302);
    expect((await attestationNamed("Bachelor's diploma, 2019")).status).toBe("CANCELLED");
    const again = await postAs(context, mine.action, path, { intent: "cancel" }, { id: String(row.id) });
    expect(again.status).toBe(302); // back to the page, with the error toast
    expect((await auditTrailOf(row.id)).map((event) => event.action)).toEqual([
      "attestation.create",
      "attestation.cancel",
    ]);
  });
});

describe("deciding on an attestation", () => {
  const decide = (
    id: number,
    fields: Record<string, string>,
    email: (typeof EMAILS)[number] = "clerk@example.com",
    area?: "super-admin",
  ) =>
    postAs(as(email, area ? { area } : {}), decision.action, `/clerks/attestations/edit/${id}`, fields, {
      id: String(id),
    });

  it("refuses a past date with 'Please select a valid date' and a rejection without a note, writing nothing", async () => {
    const row = await attestationNamed("Bachelor's diploma, 2019");
    const before = await counts();
    expect(resultErrorsOf(await decide(row.id, { intent: "approve", expirationDate: "2020-01-01" }))).toEqual({
      expirationDate: ["validation.selectValidDate"],
    });
    expect([en("validation.selectValidDate"), ar("validation.selectValidDate")]).toEqual([
      "Please select a valid date",
      "يرجى اختيار تاريخ صالح",
    ]);
    expect(resultErrorsOf(await decide(row.id, { intent: "reject", "note.english": " " }))).toEqual({
      note: ["attestations.noteRequired"],
    });
    expect((await decide(row.id, { intent: "publish" })).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await attestationNamed("Bachelor's diploma, 2019")).status).toBe("PENDING");
  });

  it("approving issues an attested copy through the pipeline: stamped 'Attested by' in both languages, hashed, verifiable, the beneficiary told", async () => {
    const row = await attestationNamed("Bachelor's diploma, 2019");
    const page = await openAs(as("clerk@example.com"), decision.loader, `/clerks/attestations/edit/${row.id}`, {
      id: String(row.id),
    });
    const expected = new Date();
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect((page.data as { defaultExpiry: string }).defaultExpiry).toBe(expected.toISOString().slice(0, 10));

    const approved = await decide(row.id, { intent: "approve", expirationDate: "2099-06-30" });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe(`/clerks/attestations/${row.id}`);
    const after = await attestationNamed("Bachelor's diploma, 2019");
    expect(after).toMatchObject({ status: "APPROVED", reviewer_id: users["clerk@example.com"].id });
    expect(after.reviewed_at).not.toBeNull();
    const issued = await db
      .selectFrom("issued_documents")
      .innerJoin("files", "files.id", "issued_documents.file_id")
      .selectAll()
      .where("attestation_id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(issued).toMatchObject({
      kind: "ATTESTATION",
      request_id: null,
      client_id: row.client_id,
      beneficiary_id: row.beneficiary_id,
      document_name_en: "Bachelor's diploma, 2019",
      document_name_ar: "Bachelor's diploma, 2019",
      status: "VALID",
    });
    expect(issued.expiry_date.slice(0, 10)).toBe("2099-06-30");
    const stamped = fs.readFileSync(storedPath(issued.storage_key));
    expect(sha256Hex(stamped)).toBe(issued.document_hash);
    const text = pdftotext(stamped);
    expect(text).toContain("Attested by Demo University on");
    expect(text).toContain("مصادق عليها من الجامعة التجريبية بتاريخ");
    expect(text).toContain(`Verification code / ${formatCode(issued.verification_code)}`);
    expect(await pdfQrText(stamped)).toBe(`${env.publicUrl}/verify/${issued.verification_code}`);
    expect(await auditTrailOf(row.id)).toEqual([
      { action: "attestation.create", actor_role: "BENEFICIARY" },
      { action: "attestation.approve", actor_role: "CLERK" },
    ]);
    const notice = await noticeOf("attestationApproved");
    expect(notice).toMatchObject({
      title_en: "Your document “Bachelor's diploma, 2019” has been attested",
      title_ar: "تمت المصادقة على وثيقتك «Bachelor's diploma, 2019»",
      link: `/beneficiary/attestations/${row.id}`,
    });
    expect(
      await db.selectFrom("email_outbox").select("subject").where("subject", "=", notice.title_ar).execute(),
    ).toHaveLength(1);

    // The beneficiary's page shows the attested copy with its code; the verification page says it is attested.
    const view = await myAttestation(row.id);
    expect(
      (view.data as { documents: { verification_code: string }[] }).documents.map(
        (document) => document.verification_code,
      ),
    ).toEqual([issued.verification_code]);
    const code = issued.verification_code;
    const english = await verificationPage(code, "en");
    expect(english.text).toContain('data-verdict="VALID"');
    expect(english.text).toContain("Attested copy");
    expect(english.text).toContain(
      "This is an attested copy: Demo University attested that the document is genuine, and the attestation is valid.",
    );
    const arabic = await verificationPage(code, "ar");
    expect(arabic.text).toContain("نسخة مصادق عليها");
    expect(arabic.text).toContain("مصادق عليها من الجامعة التجريبية");

    // Decided once: a second decision is refused and writes nothing.
    const before = await counts();
    const second = await decide(row.id, { intent: "reject", "note.english": "Too late." });
    expect(second.status).toBe(409);
    expect(resultErrorsOf(second)).toEqual({ "": ["attestations.notPending"] });
    expect(await counts()).toEqual(before);
  });

  it("rejecting keeps the note, which the beneficiary reads and is mailed", async () => {
    const row = await attestationNamed("Bachelor's diploma, 2019");
    expect(
      (
        await decide(row.id, {
          intent: "reject",
          "note.english": "The seal on page 2 is not ours.",
          "note.arabic": "الختم في الصفحة 2 ليس ختمنا.",
        })
      ).status,
    ).toBe(302);
    expect(await attestationNamed("Bachelor's diploma, 2019")).toMatchObject({
      status: "REJECTED",
      review_note_en: "The seal on page 2 is not ours.",
      review_note_ar: "الختم في الصفحة 2 ليس ختمنا.",
    });
    const view = await myAttestation(row.id);
    expect((view.data as { attestation: { review_note_ar: string } }).attestation.review_note_ar).toBe(
      "الختم في الصفحة 2 ليس ختمنا.",
    );
    const notice = await noticeOf("attestationRejected");
    expect(notice).toMatchObject({
      title_en: "Your attestation request for “Bachelor's diploma, 2019” was rejected",
      body_en: "Note: The seal on page 2 is not ours.",
      // Each language reads its own words (docs/architecture.md §9).
      body_ar: "ملاحظة: الختم في الصفحة 2 ليس ختمنا.",
    });
    expect(
      await db.selectFrom("email_outbox").selectAll().where("body", "like", "%الختم في الصفحة 2%").execute(),
    ).toHaveLength(1);
  });

  it("a SecurePlus attested copy hides the holder until the PIN; a revoked one verifies as REVOKED", async () => {
    const row = await attestationNamed("Bachelor's diploma, 2019");
    await db.updateTable("attestations").set({ secure_plus_enabled: 1 }).where("id", "=", row.id).execute();
    await decide(row.id, { intent: "approve", expirationDate: "2099-01-01" });
    const issued = await issuedFor(row.id);
    const view = await myAttestation(row.id);
    expect((view.data as { documents: { accessPin: string }[] }).documents[0].accessPin).toBe(
      accessPinFor(issued.verification_code),
    );
    const code = issued.verification_code;
    const locked = await verificationPage(code, "en", "203.0.113.6");
    expect(locked.text).toContain('name="pin"');
    expect(locked.text).not.toContain('data-testid="holder"');

    const path = `/clerks/attestations/${row.id}`;
    const noReason = await postAs(
      as("clerk@example.com"),
      detail.action,
      path,
      { intent: "revoke", issuedDocumentId: String(issued.id), "reason.english": "" },
      { id: String(row.id) },
    );
    expect(noReason.status).toBe(400);
    expect(resultErrorsOf(noReason)).toEqual({ reason: ["staff.revokeReasonRequired"] });
    const revoked = await postAs(
      as("clerk@example.com"),
      detail.action,
      path,
      {
        intent: "revoke",
        issuedDocumentId: String(issued.id),
        "reason.english": "Attested by mistake.",
      },
      { id: String(row.id) },
    );
    expect(revoked.status).toBe(302);
    const page = await verificationPage(code, "en", "203.0.113.6");
    expect(page.text).toContain('data-verdict="REVOKED"');
    expect(page.text).toContain("Attested by mistake.");
    expect(
      await db
        .selectFrom("audit_events")
        .select("action")
        .where("action", "=", "attestation.revoke")
        .where("entity_id", "=", row.id)
        .execute(),
    ).toHaveLength(1);
  });
});

describe("who may see and decide", () => {
  it("another client's clerk gets 404 on the page, the decision, the file and the list, and writes nothing", async () => {
    const row = await attestationNamed("Bachelor's diploma, 2019"); // Demo University's
    const outsider = as("clerk2@example.com");
    const params = { id: String(row.id) };
    expect(
      (await run(detail.loader, new Request(`http://localhost/clerks/attestations/${row.id}`), outsider, params))
        .status,
    ).toBe(404);
    expect(
      (await run(decision.loader, new Request(`http://localhost/clerks/attestations/edit/${row.id}`), outsider, params))
        .status,
    ).toBe(404);
    expect(
      await statusOf(
        decision.action,
        postForm(`/clerks/attestations/edit/${row.id}`, { intent: "reject", "note.english": "Not ours." }),
        outsider,
        params,
      ),
    ).toBe(404);
    expect(
      await statusOf(fileRoute.loader, new Request(`http://localhost/files/${row.file_id}`), outsider, {
        id: String(row.file_id),
      }),
    ).toBe(404);
    expect(
      await statusOf(fileRoute.loader, new Request(`http://localhost/files/${row.file_id}`), as("clerk@example.com"), {
        id: String(row.file_id),
      }),
    ).toBe(200);
    expect((await attestationNamed("Bachelor's diploma, 2019")).status).toBe("PENDING");
    const list = await openAs(outsider, staffList.loader, "/clerks/attestations");
    expect(new Set((list.data as { rows: { client_en: string }[] }).rows.map((r) => r.client_en))).toEqual(
      new Set(["Ministry of Labour"]),
    );
  });

  it("a clerk of a client that does not attest gets 403 on every attestation screen", async () => {
    const row = await attestationNamed("Work permit, 2020");
    const clerk = makeContext({
      user: {
        ...users["clerk2@example.com"],
        client: { ...users["clerk2@example.com"].client!, canDoAttestation: false },
      },
    });
    expect(await statusOf(staffList.loader, new Request("http://localhost/clerks/attestations"), clerk)).toBe(403);
    expect(
      await statusOf(detail.loader, new Request(`http://localhost/clerks/attestations/${row.id}`), clerk, {
        id: String(row.id),
      }),
    ).toBe(403);
    expect(
      await statusOf(
        decision.action,
        postForm(`/clerks/attestations/edit/${row.id}`, { intent: "reject", "note.english": "No." }),
        clerk,
        { id: String(row.id) },
      ),
    ).toBe(403);
    expect((await attestationNamed("Work permit, 2020")).status).toBe("PENDING");
  });

  it("the clerk's list is their client's, filtered and searched; the super admin's spans clients with a client filter", async () => {
    const clerkList = await openAs(as("clerk@example.com"), staffList.loader, "/clerks/attestations?status=PENDING");
    expect((clerkList.data as { rows: { document_name: string }[] }).rows.map((r) => r.document_name)).toEqual([
      "Transcript of records",
      "Bachelor's diploma, 2019",
    ]);
    expect((clerkList.data as { clients: unknown }).clients).toBeNull();
    const searched = await openAs(as("clerk@example.com"), staffList.loader, "/clerks/attestations?q=TRANSCRIPT");
    expect((searched.data as { rows: { document_name: string }[] }).rows.map((r) => r.document_name)).toEqual([
      "Transcript of records",
    ]);
    const byEmail = await openAs(as("clerk@example.com"), staffList.loader, "/clerks/attestations?q=beneficiary3@");
    expect((byEmail.data as { rows: { document_name: string }[] }).rows.map((r) => r.document_name)).toEqual([
      "Training certificate",
    ]);

    const superAdmin = as("superadmin@example.com");
    const all = await openAs(superAdmin, staffList.loader, "/super-admin/attestations-management");
    expect((all.data as { total: number }).total).toBe(8);
    const ministry = await clientNamed("Ministry of Labour");
    const filtered = await openAs(
      superAdmin,
      staffList.loader,
      `/super-admin/attestations-management?client=${ministry.id}`,
    );
    expect(new Set((filtered.data as { rows: { client_en: string }[] }).rows.map((r) => r.client_en))).toEqual(
      new Set(["Ministry of Labour"]),
    );
    expect((filtered.data as { clients: { name_en: string }[] }).clients.map((c) => c.name_en)).toEqual([
      "Demo University",
      "Ministry of Labour",
    ]);
    const row = await attestationNamed("Work permit, 2020");
    const page = await openAs(superAdmin, detail.loader, `/super-admin/attestations-management/${row.id}`, {
      id: String(row.id),
    });
    expect((page.data as { links: { decision: string } }).links.decision).toBe(
      `/super-admin/attestations-management/edit/${row.id}`,
    );
  });
});

describe("attestations as CSV", () => {
  it("export the staff list with its filters and scope: a BOM, the header in the user's language, one row each", async () => {
    const response = (await staffListExport.loader({
      ...withUrl(new Request("http://localhost/clerks/attestations/export?status=PENDING&format=csv")),
      context: makeContext({ user: users["clerk@example.com"], language: "ar" }),
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe("الرقم,الوثيقة,المستفيد,البريد الإلكتروني,الجهة,الحالة,تاريخ الطلب,تاريخ القرار");
    expect(lines.slice(1)).toHaveLength(2);
    // A name with a comma is quoted (RFC 4180).
    expect(lines.slice(1).some((line) => line.includes(`,"Bachelor's diploma, 2019",`))).toBe(true);
    expect(lines.slice(1).every((line) => /,الجامعة التجريبية,قيد الانتظار,\d{4}-\d{2}-\d{2}T[^,]+,$/.test(line))).toBe(
      true,
    );
  });
});
