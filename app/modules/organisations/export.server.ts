import type { DB } from "~/platform/db/db.server";
import { tableResponse, type Column, type ExportFormat } from "~/platform/exports/table.server";
import { formatMoney } from "~/utils/format";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { clientCategoriesForExport, clientsForExport } from "./queries.server";
import { readableText } from "~/utils/bilingual";

/** The clients list as CSV or Excel with its search: a header in the user's language. */
export function clientsExport(db: DB, q: string, lng: Language, format: ExportFormat) {
  const { t } = i18nFor(lng);
  const kinds: Record<string, Column["kind"]> = { id: "number", createdAt: "date" };
  const columns = ["id", "name", "category", "address", "canDoSincera", "canDoAttestation", "createdAt"].map(
    (column) => ({ header: t(`admin.csv.${column}`), kind: kinds[column] }),
  );
  const yesNo = (flag: number) => (flag ? t("staff.yes") : t("staff.no"));
  async function* rows() {
    for await (const row of clientsForExport(db, q)) {
      yield [
        row.id,
        lng === "en" ? row.name_en : row.name_ar,
        lng === "en" ? row.category_en : row.category_ar,
        readableText(t, lng, row.address_en, row.address_ar),
        yesNo(row.can_do_sincera),
        yesNo(row.can_do_attestation),
        row.created_at,
      ];
    }
  }
  return tableResponse(format, "clients", lng, columns, rows());
}

/** The client categories list as CSV or Excel with its search. */
export function clientCategoriesExport(db: DB, q: string, lng: Language, format: ExportFormat) {
  const { t } = i18nFor(lng);
  const kinds: Record<string, Column["kind"]> = {
    id: "number",
    validityDays: "number",
    clientCount: "number",
    createdAt: "date",
  };
  const columns = ["id", "name", "fee", "validityDays", "clientCount", "createdAt"].map((column) => ({
    header: t(`admin.csv.${column}`),
    kind: kinds[column],
  }));
  async function* rows() {
    for await (const row of clientCategoriesForExport(db, q)) {
      yield [
        row.id,
        lng === "en" ? row.name_en : row.name_ar,
        formatMoney(row.fee, row.currency, lng),
        row.validity_period_days,
        Number(row.client_count),
        row.created_at,
      ];
    }
  }
  return tableResponse(format, "client-categories", lng, columns, rows());
}
