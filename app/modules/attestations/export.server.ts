import type { DB } from "~/platform/db/db.server";
import { tableResponse, type Column, type ExportFormat } from "~/platform/exports/table.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { attestationsForExport, type AttestationListFilter } from "./queries.server";

/** A staff attestation list as CSV or Excel with its filters: a header in the user's language, ISO 8601 dates. */
export function attestationsExport(
  db: DB,
  filter: Omit<AttestationListFilter, "page" | "size">,
  lng: Language,
  format: ExportFormat,
) {
  const { t } = i18nFor(lng);
  const kinds: Record<string, Column["kind"]> = {
    number: "number",
    document: "text",
    createdAt: "date",
    decidedAt: "date",
  };
  const columns = ["number", "document", "beneficiary", "email", "client", "status", "createdAt", "decidedAt"].map(
    (column) => ({ header: t(`attestations.csv.${column}`), kind: kinds[column] }),
  );
  async function* rows() {
    for await (const row of attestationsForExport(db, filter)) {
      yield [
        row.id,
        row.document_name,
        lng === "en" ? `${row.first_name_en} ${row.last_name_en}` : `${row.first_name_ar} ${row.last_name_ar}`,
        row.email,
        lng === "en" ? row.client_en : row.client_ar,
        t(`status.${row.status}`),
        row.created_at,
        row.reviewed_at,
      ];
    }
  }
  return tableResponse(format, "attestations", lng, columns, rows());
}
