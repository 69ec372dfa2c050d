import type { DB } from "~/platform/db/db.server";
import { listExport, type ExportFormat } from "~/platform/exports/table.server";
import type { Language } from "~/platform/i18n/languages";
import { attestationsForExport, type AttestationListFilter } from "./queries.server";

/** A staff attestation list as CSV or Excel with its filters: a header in the user's language, ISO 8601 dates. */
export function attestationsExport(
  db: DB,
  filter: Omit<AttestationListFilter, "page" | "size">,
  lng: Language,
  format: ExportFormat,
) {
  return listExport(
    format,
    "attestations",
    lng,
    "attestations.csv",
    [
      { key: "number", kind: "number", cell: (row) => row.id },
      { key: "document", kind: "text", cell: (row) => row.document_name },
      { key: "beneficiary", cell: (row, { nameOf }) => nameOf(row) },
      { key: "email", cell: (row) => row.email },
      { key: "client", cell: (row, { pick }) => pick(row.client_en, row.client_ar) },
      { key: "status", cell: (row, { t }) => t(`status.${row.status}`) },
      { key: "createdAt", kind: "date", cell: (row) => row.created_at },
      { key: "decidedAt", kind: "date", cell: (row) => row.reviewed_at },
    ],
    attestationsForExport(db, filter),
  );
}
