// Part of `npm run bench` (docs/architecture.md §21): bulk issuance of 1,000 documents from a template by one runner
// (one worker process, as each of a server's workers runs), with the PDF signature off and on. Budgets: at least 25
// documents a second unsigned, at least 10 signed.
import type { DB } from "../app/platform/db/db.server";
import { checkBulkFile, startBulkJob } from "../app/modules/bulk/service.server";
import { bulkIssuance as bulkKind } from "../app/modules/bulk/job.server";
import { runJobChunk } from "../app/platform/jobs/runner.server";
import { requiredFieldsOf } from "../app/modules/catalogue/queries.server";
import { saveTemplateRow } from "../app/modules/templates/queries.server";

export const BULK_BUDGETS = { unsigned: 25, signed: 10 };

/** A job of `rows` rows from a template, started and waiting for its runners. */
export async function prepareBulkJob(db: DB, signing: boolean, rows: number, tag: string) {
  process.env.PDF_SIGNING = signing ? "on" : "off";
  const category = await db
    .selectFrom("document_categories")
    .select(["id", "client_id"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const fields = await requiredFieldsOf(db, category.id);
  await saveTemplateRow(db, {
    category_id: category.id,
    page_size: "A4",
    orientation: "PORTRAIT",
    title_en: "Certificate of {{category.name.en}}",
    title_ar: "شهادة {{category.name.ar}}",
    body_en: `This certifies that {{beneficiary.name.en}} ${fields.map((field) => `{{field.${field.field_name}}}`).join(", ")}, on {{issueDate}} ({{issueDate.hijri}}), valid until {{expiryDate}}. Code {{verificationCode}}.`,
    body_ar: "نشهد بأن {{beneficiary.name.ar}} قد أتم المتطلبات، بتاريخ {{issueDate}} ({{issueDate.hijri}}).",
  });
  const values = { number: "1234", date: "2024-06-30", email: "x@example.com", phone: "0790000000" } as Record<
    string,
    string
  >;
  const header = [
    "email",
    "first_name_en",
    "last_name_en",
    "first_name_ar",
    "last_name_ar",
    ...fields.map((f) => `field.${f.field_name}`),
  ];
  const lines = [header.join(",")];
  for (let i = 0; i < rows; i++)
    lines.push(
      [
        `bench-${tag}-${i}@example.com`,
        "Bench",
        `Person ${i}`,
        "مقعد",
        "شخص",
        ...fields.map((f) => values[f.field_type] ?? "Text"),
      ].join(","),
    );
  const checked = await checkBulkFile(db, category, new TextEncoder().encode(lines.join("\n")));
  if (checked.problems.length) throw new Error(`bench file refused: ${JSON.stringify(checked.problems.slice(0, 3))}`);
  const user = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", "clerk@example.com")
    .executeTakeFirstOrThrow();
  await startBulkJob(db, { userId: user.id, role: "CLERK", ip: null }, category, "bench.csv", checked.rows);
}

/** Documents a second for one job of `rows` rows, run to its end by one runner. */
async function rate(db: DB, signing: boolean, rows: number, tag: string) {
  await prepareBulkJob(db, signing, rows, tag);
  const start = performance.now();
  while ((await runJobChunk(db, [bulkKind as never], `bench-${tag}`)) > 0);
  return rows / ((performance.now() - start) / 1000);
}

export async function bulkIssuance(db: DB, rows = 1000) {
  const unsigned = await rate(db, false, rows, "unsigned");
  const signed = await rate(db, true, rows, "signed");
  const line = (name: string, value: number, budget: number) =>
    `${value >= budget ? "ok  " : "SLOW"} bulk issuance of ${rows} documents from a template, one runner, ${name}: ${value.toFixed(1)} documents/s (budget ${budget})`;
  return {
    ok: unsigned >= BULK_BUDGETS.unsigned && signed >= BULK_BUDGETS.signed,
    lines: [line("signing off", unsigned, BULK_BUDGETS.unsigned), line("signing on", signed, BULK_BUDGETS.signed)],
  };
}
