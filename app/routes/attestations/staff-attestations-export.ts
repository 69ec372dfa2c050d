import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { attestationsExport } from "~/modules/attestations/export.server";
import { attestationListFilterOf } from "~/modules/attestations/staff-list.server";
import { exportFormatOf } from "~/platform/exports/table.server";
import type { Route } from "./+types/staff-attestations-export";

/** A staff attestation list's download (`…/export?format=csv|xlsx` with its filters), mounted beside each list. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "attestation:review");
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  return attestationsExport(getDb(), attestationListFilterOf(principal, url), { lng: getLocale(context), format });
}
