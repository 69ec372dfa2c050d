import type { DB } from "~/platform/db/db.server";
import { listExport, type ExportFormat } from "~/platform/exports/table.server";
import type { Language } from "~/platform/i18n/languages";
import { formatMoney } from "~/utils/format";
import { readableText } from "~/utils/bilingual";
import { clientCategoriesForExport, clientsForExport } from "./queries.server";

/** The clients list as CSV or Excel with its search: a header in the user's language. */
export function clientsExport(db: DB, q: string, lng: Language, format: ExportFormat) {
  const yesNo = (flag: number, t: (key: string) => string) => (flag ? t("staff.yes") : t("staff.no"));
  return listExport(
    format,
    "clients",
    lng,
    "admin.csv",
    [
      { key: "id", kind: "number", cell: (row) => row.id },
      { key: "name", cell: (row, { pick }) => pick(row.name_en, row.name_ar) },
      { key: "category", cell: (row, { pick }) => pick(row.category_en, row.category_ar) },
      { key: "address", cell: (row, { t }) => readableText(t, lng, row.address_en, row.address_ar) },
      { key: "canDoSincera", cell: (row, { t }) => yesNo(row.can_do_sincera, t) },
      { key: "canDoAttestation", cell: (row, { t }) => yesNo(row.can_do_attestation, t) },
      { key: "createdAt", kind: "date", cell: (row) => row.created_at },
    ],
    clientsForExport(db, q),
  );
}

/** The client categories list as CSV or Excel with its search. */
export function clientCategoriesExport(db: DB, q: string, lng: Language, format: ExportFormat) {
  return listExport(
    format,
    "client-categories",
    lng,
    "admin.csv",
    [
      { key: "id", kind: "number", cell: (row) => row.id },
      { key: "name", cell: (row, { pick }) => pick(row.name_en, row.name_ar) },
      { key: "fee", cell: (row) => formatMoney(row.fee, row.currency, lng) },
      { key: "validityDays", kind: "number", cell: (row) => row.validity_period_days },
      { key: "clientCount", kind: "number", cell: (row) => Number(row.client_count) },
      { key: "createdAt", kind: "date", cell: (row) => row.created_at },
    ],
    clientCategoriesForExport(db, q),
  );
}
