import type { DB } from "~/platform/db/db.server";
import { COLUMNS, listExport, type ExportAs } from "~/platform/exports/table.server";
import { peopleForExport } from "./queries.server";
import type { ManagedRole } from "./schema";

/** A people list as CSV or Excel with its search (and client): a header in the user's language, ISO 8601 dates. */
export function peopleExport(db: DB, role: ManagedRole, filter: { q: string; clientId?: number }, as: ExportAs) {
  return listExport(
    { name: `${role.toLowerCase().replace("_", "-")}s`, headers: "admin.csv" },
    as,
    [
      COLUMNS.id,
      { ...COLUMNS.person, key: "name" },
      COLUMNS.email,
      { key: "phone", kind: "text", cell: (row) => row.phone },
      { key: "nin", kind: "text", cell: (row) => row.nin },
      COLUMNS.status,
      COLUMNS.client,
      COLUMNS.createdAt,
    ],
    peopleForExport(db, role, filter),
  );
}
