import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { exportFormatOf } from "~/platform/exports/table.server";
import { requestsExport } from "~/modules/requests/export.server";
import { staffRequestListOf } from "~/modules/requests/staff-list.server";
import type { Route } from "./+types/staff-requests-export";

/** A staff request list's download (`…/export?format=csv|xlsx` with the list's filters), mounted beside each list. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "request:read");
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  const { filter } = await staffRequestListOf(getDb(), principal, params, url);
  return requestsExport(getDb(), filter, { lng: getLocale(context), format });
}
