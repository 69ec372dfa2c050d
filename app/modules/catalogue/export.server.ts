import type { DB } from "~/platform/db/db.server";
import { COLUMNS, listExport, type ExportAs } from "~/platform/exports/table.server";
import { formatMoney } from "~/utils/format";
import { categoriesForExport } from "./queries.server";

/** A document category list as CSV or Excel with its filters and scope: a header in the user's language. */
export function categoriesExport(db: DB, filter: { clientId?: number; q?: string }, as: ExportAs) {
  return listExport(
    { name: "document-categories", headers: "catalogue.csv" },
    as,
    [
      COLUMNS.id,
      COLUMNS.name,
      COLUMNS.client,
      { key: "fee", cell: (row) => formatMoney(row.fee, row.currency, as.lng) },
      { key: "validityDays", kind: "number", cell: (row) => row.validity_period_days },
    ],
    categoriesForExport(db, filter),
  );
}
