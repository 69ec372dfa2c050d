import type { DB } from "~/platform/db/db.server";
import { listExport, type ExportFormat } from "~/platform/exports/table.server";
import type { Language } from "~/platform/i18n/languages";
import { formatMoney } from "~/utils/format";
import { categoriesForExport } from "./queries.server";

/** A document category list as CSV or Excel with its filters and scope: a header in the user's language. */
export function categoriesExport(
  db: DB,
  filter: { clientId?: number; q?: string },
  lng: Language,
  format: ExportFormat,
) {
  return listExport(
    format,
    "document-categories",
    lng,
    "catalogue.csv",
    [
      { key: "id", kind: "number", cell: (row) => row.id },
      { key: "name", cell: (row, { pick }) => pick(row.name_en, row.name_ar) },
      { key: "client", cell: (row, { pick }) => pick(row.client_en, row.client_ar) },
      { key: "fee", cell: (row) => formatMoney(row.fee, row.currency, lng) },
      { key: "validityDays", kind: "number", cell: (row) => row.validity_period_days },
    ],
    categoriesForExport(db, filter),
  );
}
