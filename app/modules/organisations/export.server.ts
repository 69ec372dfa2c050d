import type { DB } from "~/platform/db/db.server";
import { bilingualColumn, COLUMNS, listExport, type ExportAs } from "~/platform/exports/table.server";
import { formatMoney } from "~/utils/format";
import { readableText } from "~/utils/bilingual";
import { clientCategoriesForExport, clientsForExport } from "./queries.server";

const yesNo = (flag: number, t: (key: string) => string) => (flag ? t("staff.yes") : t("staff.no"));

/** The clients list as CSV or Excel with its search: a header in the user's language. */
export function clientsExport(db: DB, q: string, as: ExportAs) {
  return listExport(
    { name: "clients", headers: "admin.csv" },
    as,
    [
      COLUMNS.id,
      COLUMNS.name,
      bilingualColumn("category", "category"),
      { key: "address", cell: (row, { t }) => readableText(t, as.lng, row.address_en, row.address_ar) },
      { key: "canDoSincera", cell: (row, { t }) => yesNo(row.can_do_sincera, t) },
      { key: "canDoAttestation", cell: (row, { t }) => yesNo(row.can_do_attestation, t) },
      COLUMNS.createdAt,
    ],
    clientsForExport(db, q),
  );
}

/** The client categories list as CSV or Excel with its search. */
export function clientCategoriesExport(db: DB, q: string, as: ExportAs) {
  return listExport(
    { name: "client-categories", headers: "admin.csv" },
    as,
    [
      COLUMNS.id,
      COLUMNS.name,
      { key: "fee", cell: (row) => formatMoney(row.fee, row.currency, as.lng) },
      { key: "validityDays", kind: "number", cell: (row) => row.validity_period_days },
      { key: "clientCount", kind: "number", cell: (row) => Number(row.client_count) },
      COLUMNS.createdAt,
    ],
    clientCategoriesForExport(db, q),
  );
}
