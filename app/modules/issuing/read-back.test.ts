import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { demoPdf } from "~/modules/demo/demo-data";
import { cleanText } from "~/utils/text";
import { checkBulkFile, startBulkJob } from "~/modules/bulk/service.server";
import { bulkIssuance } from "~/modules/bulk/job.server";
import { credentialOf } from "~/modules/credentials/service.server";
import { fileStore } from "~/platform/storage/file-store.server";
import { findRequestForStaff } from "~/modules/requests/staff-queries.server";
import { insertRequest, replaceFieldValues } from "~/modules/requests/queries.server";
import { saveTemplateRow } from "~/modules/templates/queries.server";
import { templateIssueSource } from "~/modules/templates/render.server";
import { insertUser } from "~/modules/users/queries.server";
import { findIssuedDocumentByCode } from "~/modules/verification/queries.server";
import { formatCode } from "~/modules/verification/code";
import { runJobChunk } from "~/platform/jobs/runner.server";
import { createSeededTestDb, demoClerkActor, onPostgres } from "~/test/db";
import { pdftotextRaw } from "~/test/pdf";
import { pdffonts, pdfinfo, pdfsig, squeezed } from "~/test/poppler";
import { issueDocument } from "./service.server";

/**
 * Documents issued through each path (an upload, the template, a bulk file) for random holders, read back by tools
 * no one here wrote: poppler finds the holder's names and the code, every font embedded, the signature valid and
 * the dates the record's; the verification record and the credential say the same (docs/architecture.md §20).
 */
let db: DB;
let clerk: { userId: number; role: "CLERK"; ip: null };
let category: { id: number; client_id: number };
beforeEach(async () => {
  db = await createSeededTestDb();
  clerk = await demoClerkActor(db);
  category = await db
    .selectFrom("document_categories")
    .select(["id", "client_id"])
    .where("client_id", "=", 1)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await saveTemplateRow(db, {
    category_id: category.id,
    page_size: "A4",
    orientation: "PORTRAIT",
    title_en: "Graduation certificate",
    title_ar: "شهادة تخرج",
    body_en: "This certifies that {{beneficiary.name.en}} graduated with the student number {{field.student_number}}.",
    body_ar: "تشهد الجامعة بأن {{beneficiary.name.ar}} تخرج برقم جامعي {{field.student_number}} ونال الشهادة.",
  });
});

const word = (letters: string) =>
  fc.array(fc.constantFrom(...letters), { minLength: 2, maxLength: 8 }).map((parts) => parts.join(""));
const arabicName = fc.array(word("ابتجحدرزسشعفقكلمنهويةىآأإ"), { minLength: 2, maxLength: 3 });
const latinName = fc.array(word("abcdefghijklmnopqrstuvwxyz'-"), { minLength: 2, maxLength: 3 });
const holder = fc.record({ ar: arabicName, en: latinName, number: fc.integer({ min: 1, max: 99_999_999 }) });
type Holder = { ar: string[]; en: string[]; number: number };

let serial = 0;
async function accountFor(person: Holder) {
  serial += 1;
  return insertUser(db, {
    email: `holder${serial}@example.com`,
    password_hash: "!",
    role: "BENEFICIARY",
    first_name_en: person.en[0],
    last_name_en: person.en.slice(1).join(" "),
    first_name_ar: person.ar[0],
    last_name_ar: person.ar.slice(1).join(" "),
    nin: String(70_000_000_000 + serial),
  });
}

async function approvedRequest(person: Holder) {
  const beneficiaryId = await accountFor(person);
  const requestId = await insertRequest(db, {
    beneficiaryId,
    clientId: category.client_id,
    categoryId: category.id,
    requestMessage: "",
    securePlusEnabled: false,
  });
  await replaceFieldValues(db, requestId, { student_number: String(person.number), graduation_date: "2024-06-30" });
  await db.updateTable("document_requests").set({ status: "APPROVED" }).where("id", "=", requestId).execute();
  return (await findRequestForStaff(db, requestId))!;
}

/** Everything said of one issued document, read back and compared. */
async function readBack(code: string, person: Holder, printsNames: boolean) {
  const record = (await findIssuedDocumentByCode(db, code))!;
  const stored = await db
    .selectFrom("issued_documents as d")
    .innerJoin("files as f", "f.id", "d.file_id")
    .select(["d.id", "d.created_at", "f.storage_key"])
    .where("d.verification_code", "=", code)
    .executeTakeFirstOrThrow();
  const bytes = await fileStore().get(stored.storage_key);
  const second = new Date(stored.created_at).toISOString().slice(0, 19);
  // The verification page's record, the PDF's own dates and the credential: one issue time.
  expect(new Date(record.created_at).toISOString().slice(0, 19)).toBe(second);
  const info = pdfinfo(bytes);
  expect(info.CreationDate.slice(0, 19)).toBe(second);
  expect(info.ModDate.slice(0, 19)).toBe(second);
  const { credential } = (await credentialOf(db, stored.id))!;
  expect(String((credential as { validFrom: string }).validFrom).slice(0, 19)).toBe(second);
  const named = (credential as { credentialSubject: { name: { "@value": string }[] } }).credentialSubject.name;
  expect(named.map((name) => name["@value"])).toEqual([person.en.join(" "), person.ar.join(" ")]);
  expect(pdfsig(bytes)).toContain("Signature is Valid.");
  expect(pdffonts(bytes).every((font) => font.embedded)).toBe(true);
  const seen = squeezed(pdftotextRaw(bytes));
  expect(seen).toContain(formatCode(code));
  if (printsNames) {
    expect(seen).toContain(squeezed(person.en.join("")));
    // Drawn right to left: seen from its last word to its first.
    expect(seen).toContain(squeezed([...person.ar].reverse().join("")));
    expect(seen).toContain(String(person.number));
  }
}

// What is read back is the files: the SQL under them is the issuing tests' on both databases, so this runs once.
describe.skipIf(onPostgres)("documents issued for random holders, read back (property)", () => {
  it("from the template and from an upload", async () => {
    await fc.assert(
      fc.asyncProperty(holder, async (person) => {
        const fromTemplate = await approvedRequest(person);
        const drawn = await templateIssueSource(db, fromTemplate.id);
        expect(drawn.ok).toBe(true);
        if (!drawn.ok) return;
        const name = { en: "Graduation certificate", ar: "شهادة تخرج" };
        const issued = await issueDocument(db, {
          request: fromTemplate,
          issuer: clerk,
          file: drawn.document,
          documentName: name,
          securePlusEnabled: false,
        });
        expect(issued.ok).toBe(true);
        if (issued.ok) await readBack(issued.code, person, true);

        const uploaded = await approvedRequest(person);
        const pdf = await demoPdf(cleanText(person.en.join(" ")), ["An uploaded document"]);
        const upload = await issueDocument(db, {
          request: uploaded,
          issuer: clerk,
          file: { fieldName: "file", name: "upload.pdf", bytes: pdf },
          documentName: name,
          securePlusEnabled: false,
        });
        expect(upload.ok).toBe(true);
        if (upload.ok) await readBack(upload.code, person, false);
      }),
      { numRuns: 2 },
    );
  }, 120_000);

  it("from a bulk file", async () => {
    await fc.assert(
      fc.asyncProperty(holder, async (person) => {
        serial += 1;
        const email = `bulk-holder${serial}@example.com`;
        const header = "email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date";
        const row = [email, person.en[0], person.en.slice(1).join(" "), person.ar[0], person.ar.slice(1).join(" ")];
        const file = new TextEncoder().encode(`${header}\n${[...row, person.number, "30/06/2024"].join(",")}`);
        const checked = await checkBulkFile(db, category, file);
        expect(checked.problems).toEqual([]);
        const jobId = await startBulkJob(db, clerk, category, "graduates.csv", checked.rows);
        while ((await runJobChunk(db, [bulkIssuance as never], "server")) > 0);
        const item = await db
          .selectFrom("job_items")
          .select("result")
          .where("job_id", "=", jobId)
          .executeTakeFirstOrThrow();
        await readBack((JSON.parse(item.result!) as { code: string }).code, person, true);
      }),
      { numRuns: 2 },
    );
  }, 120_000);

  it("the demo data's documents too: their PDFs are dated as their records, which /verify shows", async () => {
    const documents = await db
      .selectFrom("issued_documents as d")
      .innerJoin("files as f", "f.id", "d.file_id")
      .select(["d.created_at", "f.storage_key"])
      .orderBy("d.id")
      .limit(4)
      .execute();
    expect(documents.length).toBe(4);
    for (const document of documents) {
      const info = pdfinfo(await fileStore().get(document.storage_key));
      expect(info.CreationDate.slice(0, 19)).toBe(new Date(document.created_at).toISOString().slice(0, 19));
    }
  });
});
