import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { getLocale } from "~/middleware/i18next.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { categoriesExport } from "~/modules/catalogue/export.server";
import { exportFormatOf } from "~/platform/exports/table.server";
import type { Route } from "./+types/categories-export";
import { searchOf } from "~/platform/paging";

/** A document category list's download (`…/export?format=csv|xlsx` with its search and client filter). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  const clientId = principal.clientId ?? (idOf(url.searchParams.get("clientId")) || undefined);
  return categoriesExport(getDb(), { clientId, q: searchOf(url) }, { lng: getLocale(context), format });
}
