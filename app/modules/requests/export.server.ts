import type { DB } from "~/platform/db/db.server";
import { listExport, type ExportFormat } from "~/platform/exports/table.server";
import type { Language } from "~/platform/i18n/languages";
import { requestsForExport, type RequestListFilter } from "./staff-queries.server";

/** A staff request list as CSV or Excel, with its filters: a header in the user's language, ISO 8601 dates. */
export function requestsExport(
  db: DB,
  filter: Omit<RequestListFilter, "page" | "size" | "order">,
  lng: Language,
  format: ExportFormat,
) {
  return listExport(
    format,
    "requests",
    lng,
    "staff.csv",
    [
      { key: "number", kind: "number", cell: (row) => row.id },
      { key: "status", cell: (row, { t }) => t(`status.${row.status}`) },
      { key: "createdAt", kind: "date", cell: (row) => row.created_at },
      { key: "beneficiary", cell: (row, { nameOf }) => nameOf(row) },
      { key: "email", cell: (row) => row.email },
      { key: "nin", kind: "text", cell: (row) => row.nin },
      { key: "category", cell: (row, { pick }) => pick(row.category_en, row.category_ar) },
      { key: "client", cell: (row, { pick }) => pick(row.client_en, row.client_ar) },
    ],
    requestsForExport(db, filter),
  );
}
