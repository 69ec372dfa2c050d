import type { DB } from "~/db/db.server";
import { csvResponse } from "~/modules/exports/csv.server";
import { i18nFor } from "~/modules/i18n/instances.server";
import type { Language } from "~/modules/i18n/languages";
import { announcementsForExport, type AnnouncementListFilter } from "./queries.server";

/** A staff announcement list as CSV with its filters: a header in the user's language, ISO 8601 dates. */
export function announcementsCsv(db: DB, filter: Omit<AnnouncementListFilter, "page" | "size">, lng: Language) {
  const { t } = i18nFor(lng);
  const header = ["number", "title", "slug", "client", "status", "createdAt", "publishedAt", "updatedAt"].map((column) => t(`announcements.csv.${column}`));
  async function* rows() {
    for await (const row of announcementsForExport(db, filter)) {
      yield [row.id, lng === "en" ? row.title_en : row.title_ar, row.slug, lng === "en" ? row.client_en : row.client_ar, t(`status.${row.status}`), row.created_at, row.published_at, row.updated_at];
    }
  }
  return csvResponse(`announcements-${new Date().toISOString().slice(0, 10)}.csv`, header, rows());
}
