import type { DB } from "~/platform/db/db.server";
import { listExport, type ExportFormat } from "~/platform/exports/table.server";
import type { Language } from "~/platform/i18n/languages";
import { announcementsForExport, type AnnouncementListFilter } from "./queries.server";

/** A staff announcement list as CSV or Excel with its filters: a header in the user's language, ISO 8601 dates. */
export function announcementsExport(
  db: DB,
  filter: Omit<AnnouncementListFilter, "page" | "size">,
  lng: Language,
  format: ExportFormat,
) {
  return listExport(
    format,
    "announcements",
    lng,
    "announcements.csv",
    [
      { key: "number", kind: "number", cell: (row) => row.id },
      { key: "title", cell: (row, { pick }) => pick(row.title_en, row.title_ar) },
      { key: "slug", cell: (row) => row.slug },
      { key: "client", cell: (row, { pick }) => pick(row.client_en, row.client_ar) },
      { key: "status", cell: (row, { t }) => t(`status.${row.status}`) },
      { key: "createdAt", kind: "date", cell: (row) => row.created_at },
      { key: "publishedAt", kind: "date", cell: (row) => row.published_at },
      { key: "updatedAt", kind: "date", cell: (row) => row.updated_at },
    ],
    announcementsForExport(db, filter),
  );
}
