import type { DB } from "~/platform/db/db.server";
import { listExport, type ExportFormat } from "~/platform/exports/table.server";
import type { Language } from "~/platform/i18n/languages";
import { peopleForExport } from "./queries.server";
import type { ManagedRole } from "./schema";

/** A people list as CSV or Excel with its search (and client): a header in the user's language, ISO 8601 dates. */
export function peopleExport(
  db: DB,
  role: ManagedRole,
  filter: { q: string; clientId?: number },
  lng: Language,
  format: ExportFormat,
) {
  return listExport(
    format,
    `${role.toLowerCase().replace("_", "-")}s`,
    lng,
    "admin.csv",
    [
      { key: "id", kind: "number", cell: (row) => row.id },
      { key: "name", cell: (row, { nameOf }) => nameOf(row) },
      { key: "email", cell: (row) => row.email },
      { key: "phone", kind: "text", cell: (row) => row.phone },
      { key: "nin", kind: "text", cell: (row) => row.nin },
      { key: "status", cell: (row, { t }) => t(`status.${row.status}`) },
      { key: "client", cell: (row, { pick }) => pick(row.client_en, row.client_ar) ?? "" },
      { key: "createdAt", kind: "date", cell: (row) => row.created_at },
    ],
    peopleForExport(db, role, filter),
  );
}
