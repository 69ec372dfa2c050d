import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { notFound } from "~/modules/access/require.server";
import { bulkResultsExport } from "~/modules/bulk/export.server";
import { exportFormatOf } from "~/platform/exports/table.server";
import type { Route } from "./+types/bulk-job-export";
import { jobOf } from "./job.server";

/** A bulk job's results (`?format=csv|xlsx`; `rows=failed` for its failed rows only): code and link per row. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { job } = await jobOf(context, params.jobId);
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  return bulkResultsExport(getDb(), job.id, getLocale(context), format, url.searchParams.get("rows") === "failed");
}
