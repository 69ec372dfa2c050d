import type { DB } from "~/db/db.server";
import { formatCode } from "~/modules/verification/code";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { tableResponse, type ExportFormat } from "~/platform/exports/table.server";
import { env } from "~/utils/env.server";
import { translateMessage } from "~/platform/forms/messages";
import type { BulkRowData } from "./check.server";
import { jobItems } from "~/platform/jobs/queries.server";
import type { BulkRowResult } from "./job.server";

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
