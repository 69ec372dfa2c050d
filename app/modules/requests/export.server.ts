import type { DB } from "~/platform/db/db.server";
import { tableResponse, type Column, type ExportFormat } from "~/platform/exports/table.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { requestsForExport, type RequestListFilter } from "./staff-queries.server";

/** A staff request list as CSV or Excel, with its filters: a header in the user's language, ISO 8601 dates. */
export function requestsExport(
  db: DB,
  filter: Omit<RequestListFilter, "page" | "size" | "order">,
  lng: Language,
  format: ExportFormat,
) {
  const { t } = i18nFor(lng);
  const kinds: Record<string, Column["kind"]> = { number: "number", createdAt: "date", nin: "text" };
  const columns = ["number", "status", "createdAt", "beneficiary", "email", "nin", "category", "client"].map(
    (column) => ({ header: t(`staff.csv.${column}`), kind: kinds[column] }),
  );
  async function* rows() {
    for await (const row of requestsForExport(db, filter)) {
      yield [
        row.id,
        t(`status.${row.status}`),
        row.created_at,
        lng === "en" ? `${row.first_name_en} ${row.last_name_en}` : `${row.first_name_ar} ${row.last_name_ar}`,
        row.email,
        row.nin,
        lng === "en" ? row.category_en : row.category_ar,
        lng === "en" ? row.client_en : row.client_ar,
      ];
    }
  }
  return tableResponse(format, "requests", lng, columns, rows());
}
