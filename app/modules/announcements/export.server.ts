import type { DB } from "~/platform/db/db.server";
import { bilingualColumn, COLUMNS, dateColumn, listExport, type ExportAs } from "~/platform/exports/table.server";
import { announcementsForExport, type AnnouncementListFilter } from "./queries.server";

/** A staff announcement list as CSV or Excel with its filters: a header in the user's language, ISO 8601 dates. */
export function announcementsExport(db: DB, filter: Omit<AnnouncementListFilter, "page" | "size">, as: ExportAs) {
  return listExport(
    { name: "announcements", headers: "announcements.csv" },
    as,
    [
      COLUMNS.number,
      bilingualColumn("title", "title"),
      { key: "slug", cell: (row) => row.slug },
      COLUMNS.client,
      COLUMNS.status,
      COLUMNS.createdAt,
      dateColumn("publishedAt", "published_at"),
      dateColumn("updatedAt", "updated_at"),
    ],
    announcementsForExport(db, filter),
  );
}
