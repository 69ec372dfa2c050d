import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { scopeFilter } from "~/modules/access";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { auditTrailExport, auditTrailFilterOf } from "~/modules/audit/trail.server";
import { exportFormatOf } from "~/platform/exports/table.server";
import type { Route } from "./+types/audit-trail-export";

/** The audit trail's download (`…/audit/export?format=csv|xlsx` with the page's filters), in the reader's scope. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "audit:read");
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  return auditTrailExport(
    getDb(),
    auditTrailFilterOf(scopeFilter(principal).clientId, url),
    getLocale(context),
    format,
  );
}
