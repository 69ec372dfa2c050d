import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { exportFormatOf } from "~/platform/exports/table.server";
import { clientsExport } from "~/modules/organisations/export.server";
import { searchOf } from "~/platform/paging";
import type { Route } from "./+types/clients-export";

/** The clients list's download (`…/export?format=csv|xlsx` with its search). */
export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "client:manage");
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  return clientsExport(getDb(), searchOf(url), { lng: getLocale(context), format });
}
