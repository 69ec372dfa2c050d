import type { DB } from "~/db/db.server";
import { csvResponse } from "~/modules/exports/csv.server";
import { i18nFor } from "~/modules/i18n/instances.server";
import type { Language } from "~/modules/i18n/languages";
import { peopleForExport } from "./queries.server";
import type { ManagedRole } from "./schema";

/** A people list as CSV with its search (and client): a header in the user's language, ISO 8601 dates. */
export function peopleCsv(db: DB, role: ManagedRole, filter: { q: string; clientId?: number }, lng: Language) {
  const { t } = i18nFor(lng);
  const header = ["id", "name", "email", "phone", "nin", "status", "client", "createdAt"].map((column) => t(`admin.csv.${column}`));
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
  return csvResponse(`${role.toLowerCase().replace("_", "-")}s-${new Date().toISOString().slice(0, 10)}.csv`, header, rows());
}
