import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { exportFormatOf } from "~/platform/exports/table.server";
import { clientCategoriesExport } from "~/modules/organisations/export.server";
import { searchOf } from "~/platform/paging";
import type { Route } from "./+types/client-categories-export";

/** The client categories list's download (`…/export?format=csv|xlsx` with its search). */
export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "clientCategory:manage");
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  return clientCategoriesExport(getDb(), searchOf(url), { lng: getLocale(context), format });
}
