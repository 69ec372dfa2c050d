import type { DB } from "~/platform/db/db.server";
import { bilingualColumn, COLUMNS, listExport, type ExportAs } from "~/platform/exports/table.server";
import { requestsForExport, type RequestListFilter } from "./staff-queries.server";

/** A staff request list as CSV or Excel, with its filters: a header in the user's language, ISO 8601 dates. */
export function requestsExport(db: DB, filter: Omit<RequestListFilter, "page" | "size" | "order">, as: ExportAs) {
  return listExport(
    { name: "requests", headers: "staff.csv" },
    as,
    [
      COLUMNS.number,
      COLUMNS.status,
      COLUMNS.createdAt,
      COLUMNS.person,
      COLUMNS.email,
      { key: "nin", kind: "text", cell: (row) => row.nin },
      bilingualColumn("category", "category"),
      COLUMNS.client,
    ],
    requestsForExport(db, filter),
  );
}
