import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { requiredFieldsOf } from "~/modules/catalogue/queries.server";
import { saveTemplateRow } from "~/modules/templates/queries.server";
import { createSeededTestDb, demoClerkActor } from "~/test/db";
import { pdftotext } from "~/test/pdf";
import { fileStore } from "~/platform/storage/file-store.server";
import { BULK_MAX_ROWS } from "./columns";
import { claimItems } from "~/platform/jobs/queries.server";
import { runJobChunk } from "~/platform/jobs/runner.server";
import { bulkIssuance, type BulkRowResult } from "./job.server";
import { bulkResultsExport } from "./export.server";
import { findBulkJob } from "./queries.server";
import { cancelBulkJob, checkBulkFile, retryBulkJob, startBulkJob } from "./service.server";
import { parseCsv } from "~/test/csv";
import { markNinVerified } from "~/modules/identity/queries.server";
import { registerBeneficiary } from "~/modules/auth/service.server";

/** The runner's job kinds, as a server runs them. */
const KINDS = [bulkIssuance as never];
let db: DB;
let category: { id: number; client_id: number };
let clerk: { userId: number; role: "CLERK"; ip: null };
const TODAY = "2026-11-27";

/** Demo University's first category (student number and graduation date required, purpose optional), with a template. */
beforeEach(async () => {
  db = await createSeededTestDb();
  const row = await db
    .selectFrom("document_categories")
    .innerJoin("clients", "clients.id", "document_categories.client_id")
    .select(["document_categories.id", "document_categories.client_id"])
    .where("clients.name_en", "=", "Demo University")
    .orderBy("document_categories.id")
    .executeTakeFirstOrThrow();
  category = row;
  const fields = (await requiredFieldsOf(db, category.id)).map((field) => field.field_name);
  expect(fields).toEqual(["student_number", "graduation_date", "purpose"]);
  await saveTemplateRow(db, {
    category_id: category.id,
    page_size: "A4",
    orientation: "PORTRAIT",
    title_en: "Certificate for {{beneficiary.name.en}}",
    title_ar: "شهادة لـ {{beneficiary.name.ar}}",
    body_en: "Student {{field.student_number}} graduated on {{field.graduation_date}}. Code {{verificationCode}}.",
    body_ar: "الطالب {{field.student_number}} تخرج في {{field.graduation_date}}.",
  });
  clerk = await demoClerkActor(db);
  // The demo beneficiary's national ID is verified: a row may name them by it alone (docs/decisions/0022).
  const holder = await db
    .selectFrom("users")
    .select(["id", "nin"])
    .where("email", "=", "beneficiary@example.com")
    .executeTakeFirstOrThrow();
  await markNinVerified(db, holder.id, holder.nin!, {
    method: "IN_PERSON",
    by: clerk.userId,
    clientId: category.client_id,
  });
});

const csv = (...lines: string[]) => new TextEncoder().encode(lines.join("\r\n"));
const beneficiaryNin = async () =>
  (await db.selectFrom("users").select("nin").where("email", "=", "beneficiary@example.com").executeTakeFirstOrThrow())
    .nin!;

describe("the check of a bulk file (the dry run)", () => {
  it("names the row and column of each problem, and writes nothing", async () => {
    const nin = await beneficiaryNin();
    const before = await db
      .selectFrom("document_requests")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    const checked = await checkBulkFile(
      db,
      category,
      csv(
        "National_ID,email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date,expiry_date",
        `${nin},,,,,,123,2024-06-30,2030-01-01`,
        `${nin},,,,,,124,2024-06-30,`,
        ",clerk@example.com,,,,,125,2024-06-30,",
        ",new@example.com,New,Person,جديد,شخص,abc,2024-06-30,2020-01-01",
        ",new2@example.com,New,,جديد,شخص,126,2024-06-30,soon",
      ),
      TODAY,
    );
    expect(checked.problems.map((p) => [p.row, p.column, p.key])).toEqual([
      [3, "National_ID", "bulk.duplicateInFile"],
      [4, "email", "bulk.notBeneficiary"],
      [5, "expiry_date", "bulk.datePast"],
      [5, "student_number", "wizard.numberInvalid"],
      [6, "last_name_en", "bulk.nameForNewAccount"],
      [6, "expiry_date", "bulk.dateUnparseable"],
    ]);
    expect(checked.problems[0].values).toEqual({ row: 2 });
    const after = await db
      .selectFrom("document_requests")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it("refuses an unknown column, a missing required field, a broken template, too many rows", async () => {
    const unknown = await checkBulkFile(db, category, csv("email,student_number,colour", "a@example.com,1,red"), TODAY);
    expect(unknown.problems.map((p) => [p.row, p.column, p.key])).toEqual([
      [1, "colour", "bulk.unknownColumn"],
      [1, "graduation_date", "bulk.missingColumn"],
    ]);
    await db.updateTable("document_templates").set({ body_en: "{{field.gone}} and {{oops" }).execute();
    const broken = await checkBulkFile(
      db,
      category,
      csv("email,student_number,graduation_date", "a@example.com,1,2024-01-01"),
      TODAY,
    );
    expect(broken.problems.map((p) => [p.row, p.key, p.values])).toEqual([
      [null, "bulk.templateUnknown", { names: "field.gone" }],
      [null, "bulk.templateBroken", undefined],
      [2, "bulk.nameForNewAccount", undefined],
      [2, "bulk.nameForNewAccount", undefined],
      [2, "bulk.nameForNewAccount", undefined],
      [2, "bulk.nameForNewAccount", undefined],
    ]);
    const many = ["email", ...Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => `p${i}@example.com`)];
    const tooMany = await checkBulkFile(db, category, csv(...many), TODAY);
    expect(tooMany).toEqual({
      rows: [],
      total: 0,
      problems: [{ row: null, column: null, key: "bulk.tooManyRows", values: { max: 10000 } }],
    });
  });

  it("finds an account by national ID only when it is verified there: a squatter's account gets nothing", async () => {
    // A stranger registered first with the graduate's national ID; nothing checked it.
    const squatted = "31415926535";
    const squatter = await registerBeneficiary(
      db,
      {
        firstName: { english: "Stranger", arabic: "غريب" },
        fatherName: { english: "X", arabic: "س" },
        lastName: { english: "Person", arabic: "شخص" },
        email: "stranger@example.com",
        phone: "0790123456",
        nin: squatted,
        password: "Secret-Pass-1",
        confirmPassword: "Secret-Pass-1",
      },
      null,
    );
    expect(squatter.ok).toBe(true);
    const nin = await beneficiaryNin();
    const header =
      "national_id,email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date";
    const checkRow = async (row: string) => {
      const checked = await checkBulkFile(db, category, csv(header, row), TODAY);
      return { problems: checked.problems.map((p) => [p.column, p.key]), rows: checked.rows };
    };
    expect((await checkRow(`${squatted},,Real,Graduate,خريج,حقيقي,1,2024-06-30`)).problems).toEqual([
      ["email", "bulk.emailForNewAccount"],
    ]);
    // The same answer as for a national ID nobody holds: the row's answer says nothing of who registered what.
    expect((await checkRow(`77777777777,,Real,Graduate,خريج,حقيقي,1,2024-06-30`)).problems).toEqual([
      ["email", "bulk.emailForNewAccount"],
    ]);
    // With an email, the row reads as for a new account, as it would for a national ID nobody holds.
    expect((await checkRow(`${squatted},graduate@example.com,Real,Graduate,خريج,حقيقي,2,2024-06-30`)).problems).toEqual(
      [],
    );
    expect((await checkRow(`${nin},beneficiary2@example.com,,,,,3,2024-06-30`)).problems).toEqual([
      ["national_id", "bulk.identityMismatch"],
    ]);
    // The stranger is nobody to this organisation: their email asks for a new account's names, as an unknown one does.
    const stranger = (await checkRow(`,stranger@example.com,,,,,4,2024-06-30`)).problems;
    expect(stranger).toContainEqual(["first_name_en", "bulk.nameForNewAccount"]);
    expect((await checkRow(`,nobody-at-all@example.com,,,,,4,2024-06-30`)).problems).toEqual(stranger);
    // A verified national ID alone reaches its holder, whom the organisation knows.
    const verified = await checkRow(`${nin},,,,,,5,2024-06-30`);
    expect(verified.problems).toEqual([]);
    // Un-verified between the check and the job: the row fails, nothing is issued to anyone.
    await db.updateTable("users").set({ nin_verified_at: null }).where("nin", "=", nin).execute();
    const jobId = await startBulkJob(db, clerk, category, "graduates.csv", verified.rows);
    while ((await runJobChunk(db, KINDS, "server")) > 0);
    const items = await db.selectFrom("job_items").select(["status", "error"]).where("job_id", "=", jobId).execute();
    expect(items).toEqual([{ status: "FAILED", error: "bulk.ninNotVerified" }]);
  }, 60_000);

  it("tells nothing of people outside the organisation: another's staff, a stranger, nobody, all read the same", async () => {
    const header =
      "national_id,email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date";
    const outsiders = await db
      .selectFrom("users")
      .select(["email", "nin"])
      .where("email", "in", ["clerk2@example.com", "clientadmin2@example.com", "superadmin@example.com"])
      .execute();
    expect(outsiders.length).toBeGreaterThan(0);
    const answer = async (nin: string, email: string) =>
      (await checkBulkFile(db, category, csv(header, `${nin},${email},A,B,ا,ب,9,2024-06-30`), TODAY)).problems;
    const nobody = await answer("98765432109", "nobody-at-all@example.com");
    expect(nobody).toEqual([]);
    for (const person of outsiders) {
      expect(await answer("98765432109", person.email), person.email).toEqual(nobody);
      if (person.nin) expect(await answer(person.nin, "nobody-at-all@example.com")).toEqual(nobody);
    }
  });

  it("cleans a file's text as a form's, and holds it to the forms' limits: a 60,000-character name is refused", async () => {
    const header = "email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date";
    const long = `\u202e${"A".repeat(60_000)}`;
    const checked = await checkBulkFile(
      db,
      category,
      csv(header, `new@example.com,${long},B\u0000,ا\u2066,ب,1,2024-06-30`),
      TODAY,
    );
    expect(checked.problems.map((p) => [p.column, p.key, p.values])).toEqual([
      ["first_name_en", "validation.tooLong", { max: 100 }],
    ]);
    const fine = await checkBulkFile(
      db,
      category,
      csv(header, `new@example.com,A\u202e,B\u0000,ا\u2066,ب,1,2024-06-30`),
      TODAY,
    );
    expect(fine.rows[0].data.names).toMatchObject({ firstEn: "A", lastEn: "B", firstAr: "ا", lastAr: "ب" });
    const jobId = await startBulkJob(db, clerk, category, "../graduates\u202Evsc.exe", fine.rows);
    expect((await findBulkJob(db, jobId))?.title).toBe("graduatesvsc.exe");
  });

  it("reads an Excel workbook: dates as dates, numbers as text", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("rows");
    sheet.addRow(["national_id", "student_number", "graduation_date"]);
    sheet.addRow([await beneficiaryNin(), 778, new Date(Date.UTC(2024, 5, 30))]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const checked = await checkBulkFile(db, category, bytes, TODAY);
    expect(checked.problems).toEqual([]);
    expect(checked.rows[0].data.fields).toEqual({ student_number: "778", graduation_date: "2024-06-30" });
  });
});

describe("a bulk job", () => {
  async function startJob(count: number) {
    const nin = await beneficiaryNin();
    const lines = [
      "national_id,email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date",
    ];
    lines.push(`${nin},,,,,,1000,2024-06-30`);
    for (let i = 1; i < count; i++)
      lines.push(`,bulk${i}@example.com,Bulk,Person ${i},جماعي,شخص,${1000 + i},2024-06-30`);
    const checked = await checkBulkFile(db, category, csv(...lines), TODAY);
    if (checked.problems.length) throw new Error(JSON.stringify(checked.problems));
    return startBulkJob(db, clerk, category, "graduates.csv", checked.rows);
  }

  it("issues every row once when two servers claim at the same time, and completes", async () => {
    const jobId = await startJob(14);
    // Two servers' runners at once, until nothing is left.
    for (;;) {
      const [a, b] = await Promise.all([runJobChunk(db, KINDS, "server-a"), runJobChunk(db, KINDS, "server-b")]);
      if (a + b === 0) break;
    }
    const rows = await db.selectFrom("job_items").selectAll().where("job_id", "=", jobId).execute();
    const requestIds = rows.map((row) => (JSON.parse(row.result!) as BulkRowResult).requestId);
    expect(rows.map((row) => row.status)).toEqual(Array(14).fill("DONE"));
    const job = await db.selectFrom("jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
    expect(job.status).toBe("DONE");
    const documents = await db
      .selectFrom("issued_documents")
      .select(["request_id", "verification_code", "file_id"])
      .where("request_id", "in", requestIds)
      .execute();
    expect(documents).toHaveLength(14);
    expect(new Set(documents.map((d) => d.verification_code)).size).toBe(14);
    const requests = await db
      .selectFrom("document_requests")
      .select(["status", "id"])
      .where("id", "in", requestIds)
      .execute();
    expect(requests.every((request) => request.status === "COMPLETED")).toBe(true);
    const timeline = await db
      .selectFrom("audit_events")
      .select("action")
      .where("entity_type", "=", "DOCUMENT_REQUESTS")
      .where("entity_id", "=", requestIds[0])
      .execute();
    expect(timeline.map((event) => event.action)).toEqual(["request.bulk_issue"]);
    // New people got an account without a password, and an invitation; everyone a notice by mail.
    const invited = await db
      .selectFrom("users")
      .select(["password_hash", "role"])
      .where("email", "=", "bulk1@example.com")
      .executeTakeFirstOrThrow();
    expect(invited).toEqual({ password_hash: "!invited", role: "BENEFICIARY" });
    const mails = await db
      .selectFrom("email_outbox")
      .select("subject")
      .where("to_address", "=", "bulk1@example.com")
      .execute();
    expect(mails).toHaveLength(2);
    // The document is the template's, filled from the row.
    const file = await db
      .selectFrom("files")
      .select("storage_key")
      .where("id", "=", documents[0].file_id)
      .executeTakeFirstOrThrow();
    const text = await pdftotext(await fileStore().get(file.storage_key));
    expect(text).toMatch(/Student 10\d\d graduated/);
  }, 60_000);

  it("leaves rows claimed by a server that died until the claim runs out, then another takes them", async () => {
    const jobId = await startJob(3);
    const now = new Date();
    const until = new Date(now.getTime() + 60_000).toISOString();
    expect(await claimItems(db, jobId, "dead-server", 10, now.toISOString(), until)).toHaveLength(3);
    expect(await runJobChunk(db, KINDS, "live-server", now)).toBe(0);
    expect(await runJobChunk(db, KINDS, "live-server", new Date(now.getTime() + 61_000))).toBe(3);
    const done = await db.selectFrom("job_items").select("status").where("job_id", "=", jobId).execute();
    expect(done.map((row) => row.status)).toEqual(["DONE", "DONE", "DONE"]);
  }, 60_000);

  it("stops at once when cancelled while rows are in hand: they are undone, and the chunk is freed for a retry", async () => {
    const jobId = await startJob(4);
    const job = (await findBulkJob(db, jobId))!;
    const countOf = async (table: "issued_documents") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const documentsBefore = await countOf("issued_documents");
    let started = 0;
    const cancelledMidway = {
      ...bulkIssuance,
      run: async (...args: Parameters<typeof bulkIssuance.run>) => {
        // The second row is being issued when the clerk's cancel lands.
        if (++started === 2) expect(await cancelBulkJob(db, clerk, job)).toEqual({ ok: true });
        return bulkIssuance.run(...args);
      },
    };
    expect(await runJobChunk(db, [cancelledMidway as never], "server")).toBe(4);
    const items = await db
      .selectFrom("job_items")
      .select(["status", "claimed_by"])
      .where("job_id", "=", jobId)
      .orderBy("id")
      .execute();
    // The first row was in hand too (two lanes): it is undone like the second.
    expect(items).toEqual(Array(4).fill({ status: "PENDING", claimed_by: null }));
    const made = await db.selectFrom("users").select("id").where("email", "like", "bulk%@example.com").execute();
    expect(made).toEqual([]);
    expect(
      await db
        .selectFrom("job_items")
        .select("id")
        .where("job_id", "=", jobId)
        .where("result", "is not", null)
        .execute(),
    ).toEqual([]);
    expect(await countOf("issued_documents")).toBe(documentsBefore);
    expect(await runJobChunk(db, KINDS, "server")).toBe(0);
  }, 60_000);

  it("fails a row whose account was deactivated meanwhile, lists it in the failed rows' download, and retries it", async () => {
    const jobId = await startJob(3);
    await db.updateTable("users").set({ status: "INACTIVE" }).where("email", "=", "beneficiary@example.com").execute();
    while ((await runJobChunk(db, KINDS, "server")) > 0);
    const job = (await findBulkJob(db, jobId))!;
    expect(job.status).toBe("DONE");
    const failed = await bulkResultsExport(db, jobId, "en", "csv", true).text();
    const [header, ...records] = parseCsv(failed.replace(/^\uFEFF/, ""));
    expect(header).toEqual([
      "Row",
      "Status",
      "national_id",
      "email",
      "Verification code",
      "Verification link",
      "Problem",
    ]);
    expect(records).toEqual([
      ["2", "Failed", await beneficiaryNin(), "", "", "", "This account is not a beneficiary's"],
    ]);
    const arabic = await bulkResultsExport(db, jobId, "ar", "csv", true).text();
    expect(arabic).toContain("هذا الحساب ليس حساب مستفيد");

    await db.updateTable("users").set({ status: "ACTIVE" }).where("email", "=", "beneficiary@example.com").execute();
    expect(await retryBulkJob(db, clerk, job)).toEqual({ ok: true, rows: 1 });
    while ((await runJobChunk(db, KINDS, "server")) > 0);
    const items = await db.selectFrom("job_items").select("status").where("job_id", "=", jobId).execute();
    expect(items.map((item) => item.status)).toEqual(["DONE", "DONE", "DONE"]);
    expect((await findBulkJob(db, jobId))!.status).toBe("DONE");
    expect(await retryBulkJob(db, clerk, (await findBulkJob(db, jobId))!)).toMatchObject({
      ok: false,
      error: "bulk.nothingToRetry",
    });
  }, 60_000);
});
