import type { DB } from "~/platform/db/db.server";
import { formatCode } from "~/modules/verification/code";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { tableResponse, type ExportFormat } from "~/platform/exports/table.server";
import { env } from "~/platform/env.server";
import { translateMessage } from "~/platform/forms/messages";
import type { BulkRowData } from "./check.server";
import { jobItems } from "~/platform/jobs/queries.server";
import type { BulkRowResult } from "./job.server";
import { EXPIRY_COLUMN, PERSON_COLUMNS, type PersonColumn } from "./columns";
import { fieldTypeOf } from "~/modules/catalogue/field-types";

/** A job's rows with what became of each: the code and verification link of its document, or why it failed. */
export function bulkResultsExport(db: DB, jobId: number, lng: Language, format: ExportFormat, onlyFailed: boolean) {
  const { t } = i18nFor(lng);
  const columns = [
    { header: t("bulk.exportRow"), kind: "number" as const },
    { header: t("bulk.exportStatus") },
    { header: "national_id", kind: "text" as const },
    { header: "email" },
    { header: t("bulk.exportCode"), kind: "text" as const },
    { header: t("bulk.exportLink") },
    { header: t("bulk.exportProblem") },
  ];
  async function* rows() {
    for await (const row of jobItems(db, jobId, onlyFailed)) {
      const data = JSON.parse(row.data) as BulkRowData;
      const code = row.result ? (JSON.parse(row.result) as BulkRowResult).code : null;
      yield [
        row.position,
        t(`bulk.rowStatuses.${row.status}`),
        data.nationalId,
        data.email,
        code ? formatCode(code) : null,
        code ? `${env.publicUrl}/verify/${code}` : null,
        row.error ? translateMessage(t, row.error) : null,
      ];
    }
  }
  return tableResponse(format, onlyFailed ? `bulk-${jobId}-failed` : `bulk-${jobId}`, lng, columns, rows());
}

/** An example of each person column, as a clerk would fill it for someone without an account yet. */
const PERSON_EXAMPLE: Record<PersonColumn, string> = {
  national_id: "",
  email: "sara.haddad@example.com",
  first_name_en: "Sara",
  father_name_en: "Omar",
  last_name_en: "Haddad",
  first_name_ar: "سارة",
  father_name_ar: "عمر",
  last_name_ar: "حداد",
  phone: "0790000000",
};
const FIELD_EXAMPLE = { date: "2024-06-30", number: "12345", email: "name@example.com", phone: "0790000000" } as const;

/**
 * A file to start a bulk issuance from: the columns the check reads, in its order (the person's, the category's
 * fields, the expiry date), and one example row.
 */
export function bulkSampleFile(
  fields: { field_name: string; field_type: string; name_en: string }[],
  categoryId: number,
  lng: Language,
  format: ExportFormat,
) {
  // A field named like a person's column (`email`) is written `field.email` (check.server.ts).
  const fieldColumn = (name: string) => ((PERSON_COLUMNS as readonly string[]).includes(name) ? `field.${name}` : name);
  const names = [...PERSON_COLUMNS, ...fields.map((field) => fieldColumn(field.field_name)), EXPIRY_COLUMN];
  const example = [
    ...PERSON_COLUMNS.map((column) => PERSON_EXAMPLE[column]),
    ...fields.map((field) => {
      const type = fieldTypeOf(field.field_type);
      return type in FIELD_EXAMPLE ? FIELD_EXAMPLE[type as keyof typeof FIELD_EXAMPLE] : field.name_en;
    }),
    "",
  ];
  async function* rows() {
    yield example;
  }
  const columns = names.map((header) => ({ header, kind: "text" as const }));
  return tableResponse(format, `bulk-sample-${categoryId}`, lng, columns, rows());
}
