import type { DB } from "~/db/db.server";
import { csvResponse } from "~/modules/exports/csv.server";
import { formatMoney } from "~/utils/format";
import { i18nFor } from "~/modules/i18n/instances.server";
import type { Language } from "~/modules/i18n/languages";
import { clientCategoriesForExport, clientsForExport } from "./queries.server";

/** The clients list as CSV with its search: a header in the user's language. */
export function clientsCsv(db: DB, q: string, lng: Language) {
  const { t } = i18nFor(lng);
  const header = ["id", "name", "category", "address", "canDoSincera", "canDoAttestation", "createdAt"].map((column) => t(`admin.csv.${column}`));
  const yesNo = (flag: number) => (flag ? t("staff.yes") : t("staff.no"));
  async function* rows() {
    for await (const row of clientsForExport(db, q)) {
      yield [row.id, lng === "en" ? row.name_en : row.name_ar, lng === "en" ? row.category_en : row.category_ar, row.address, yesNo(row.can_do_sincera), yesNo(row.can_do_attestation), row.created_at];
    }
  }
  return csvResponse(`clients-${new Date().toISOString().slice(0, 10)}.csv`, header, rows());
}

/** The client categories list as CSV with its search. */
export function clientCategoriesCsv(db: DB, q: string, lng: Language) {
  const { t } = i18nFor(lng);
  const header = ["id", "name", "fee", "validityDays", "clientCount", "createdAt"].map((column) => t(`admin.csv.${column}`));
  async function* rows() {
    for await (const row of clientCategoriesForExport(db, q)) {
      yield [row.id, lng === "en" ? row.name_en : row.name_ar, formatMoney(row.fee, row.currency, lng), row.validity_period_days, Number(row.client_count), row.created_at];
    }
  }
  return csvResponse(`client-categories-${new Date().toISOString().slice(0, 10)}.csv`, header, rows());
}
