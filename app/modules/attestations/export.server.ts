import type { DB } from "~/db/db.server";
import { csvResponse } from "~/modules/exports/csv.server";
import { i18nFor } from "~/modules/i18n/instances.server";
import type { Language } from "~/modules/i18n/languages";
import { attestationsForExport, type AttestationListFilter } from "./queries.server";

/** A staff attestation list as CSV with its filters: a header in the user's language, ISO 8601 dates. */
export function attestationsCsv(db: DB, filter: Omit<AttestationListFilter, "page" | "size">, lng: Language) {
  const { t } = i18nFor(lng);
  const header = ["number", "document", "beneficiary", "email", "client", "status", "createdAt", "decidedAt"].map((column) => t(`attestations.csv.${column}`));
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
  return csvResponse(`attestations-${new Date().toISOString().slice(0, 10)}.csv`, header, rows());
}
