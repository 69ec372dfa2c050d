import type { DB } from "~/platform/db/db.server";
import { tableResponse, type Column, type ExportFormat } from "~/platform/exports/table.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { announcementsForExport, type AnnouncementListFilter } from "./queries.server";

/** A staff announcement list as CSV or Excel with its filters: a header in the user's language, ISO 8601 dates. */
export function announcementsExport(
  db: DB,
  filter: Omit<AnnouncementListFilter, "page" | "size">,
  lng: Language,
  format: ExportFormat,
) {
  const { t } = i18nFor(lng);
  const kinds: Record<string, Column["kind"]> = {
    number: "number",
    createdAt: "date",
    publishedAt: "date",
    updatedAt: "date",
  };
  const columns = ["number", "title", "slug", "client", "status", "createdAt", "publishedAt", "updatedAt"].map(
    (column) => ({ header: t(`announcements.csv.${column}`), kind: kinds[column] }),
  );
  async function* rows() {
    for await (const row of announcementsForExport(db, filter)) {
      yield [
        row.id,
        lng === "en" ? row.title_en : row.title_ar,
        row.slug,
        lng === "en" ? row.client_en : row.client_ar,
        t(`status.${row.status}`),
        row.created_at,
        row.published_at,
        row.updated_at,
      ];
    }
  }
  return tableResponse(format, "announcements", lng, columns, rows());
}
