import type { DB } from "~/platform/db/db.server";
import { tableResponse, type Column, type ExportFormat } from "~/platform/exports/table.server";
import { i18nFor } from "~/platform/i18n/instances.server";
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
  const { t } = i18nFor(lng);
  const kinds: Record<string, Column["kind"]> = { id: "number", validityDays: "number" };
  const columns = ["id", "name", "client", "fee", "validityDays"].map((column) => ({
    header: t(`catalogue.csv.${column}`),
    kind: kinds[column],
  }));
  async function* rows() {
    for await (const row of categoriesForExport(db, filter)) {
      yield [
        row.id,
        lng === "en" ? row.name_en : row.name_ar,
        lng === "en" ? row.client_en : row.client_ar,
        formatMoney(row.fee, row.currency, lng),
        row.validity_period_days,
      ];
    }
  }
  return tableResponse(format, "document-categories", lng, columns, rows());
}
