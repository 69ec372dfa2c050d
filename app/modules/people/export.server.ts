import type { DB } from "~/platform/db/db.server";
import { tableResponse, type Column, type ExportFormat } from "~/platform/exports/table.server";
import { i18nFor } from "~/platform/i18n/instances.server";
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
  const { t } = i18nFor(lng);
  const kinds: Record<string, Column["kind"]> = { id: "number", phone: "text", nin: "text", createdAt: "date" };
  const columns = ["id", "name", "email", "phone", "nin", "status", "client", "createdAt"].map((column) => ({
    header: t(`admin.csv.${column}`),
    kind: kinds[column],
  }));
  async function* rows() {
    for await (const row of peopleForExport(db, role, filter)) {
      yield [
        row.id,
        lng === "en" ? `${row.first_name_en} ${row.last_name_en}` : `${row.first_name_ar} ${row.last_name_ar}`,
        row.email,
        row.phone,
        row.nin,
        t(`status.${row.status}`),
        (lng === "en" ? row.client_en : row.client_ar) ?? "",
        row.created_at,
      ];
    }
  }
  return tableResponse(format, `${role.toLowerCase().replace("_", "-")}s`, lng, columns, rows());
}
