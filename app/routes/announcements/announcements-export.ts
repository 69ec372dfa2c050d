import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { scopeFilter } from "~/modules/access";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { announcementsExport } from "~/modules/announcements/export.server";
import { announcementStatusFilterSchema } from "~/modules/announcements/schema";
import { exportFormatOf } from "~/platform/exports/table.server";
import type { Route } from "./+types/announcements-export";

/** A staff announcement list's download (`…/export?format=csv|xlsx` with its status filter). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "announcement:publish");
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  const status = announcementStatusFilterSchema.parse(url.searchParams.get("status") || undefined);
  return announcementsExport(getDb(), { status, ...scopeFilter(principal) }, { lng: getLocale(context), format });
}
