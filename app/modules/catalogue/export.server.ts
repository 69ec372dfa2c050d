import type { DB } from "~/db/db.server";
import { csvResponse } from "~/modules/exports/csv.server";
import { i18nFor } from "~/modules/i18n/instances.server";
import type { Language } from "~/modules/i18n/languages";
import { formatMoney } from "~/utils/format";
import { categoriesForExport } from "./queries.server";

/** A document category list as CSV with its filters and scope: a header in the user's language. */
export function categoriesCsv(db: DB, filter: { clientId?: number; q?: string }, lng: Language) {
  const { t } = i18nFor(lng);
  const header = ["id", "name", "client", "fee", "validityDays"].map((column) => t(`catalogue.csv.${column}`));
  async function* rows() {
    for await (const row of categoriesForExport(db, filter)) {
      yield [row.id, lng === "en" ? row.name_en : row.name_ar, lng === "en" ? row.client_en : row.client_ar, formatMoney(row.fee, row.currency, lng), row.validity_period_days];
    }
  }
  return csvResponse(`document-categories-${new Date().toISOString().slice(0, 10)}.csv`, header, rows());
}
