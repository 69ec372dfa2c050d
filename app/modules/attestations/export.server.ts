import type { DB } from "~/platform/db/db.server";
import { COLUMNS, dateColumn, listExport, type ExportAs } from "~/platform/exports/table.server";
import { attestationsForExport, type AttestationListFilter } from "./queries.server";

/** A staff attestation list as CSV or Excel with its filters: a header in the user's language, ISO 8601 dates. */
export function attestationsExport(db: DB, filter: Omit<AttestationListFilter, "page" | "size">, as: ExportAs) {
  return listExport(
    { name: "attestations", headers: "attestations.csv" },
    as,
    [
      COLUMNS.number,
      { key: "document", kind: "text", cell: (row) => row.document_name },
      COLUMNS.person,
      COLUMNS.email,
      COLUMNS.client,
      COLUMNS.status,
      COLUMNS.createdAt,
      dateColumn("decidedAt", "reviewed_at"),
    ],
    attestationsForExport(db, filter),
  );
}
