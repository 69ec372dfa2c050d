import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { notFound } from "~/modules/access/require.server";
import { bulkSampleFile } from "~/modules/bulk/export.server";
import { requiredFieldsOf } from "~/modules/catalogue/queries.server";
import { exportFormatOf } from "~/platform/exports/table.server";
import type { Route } from "./+types/bulk-sample";
import { bulkCategoryOf } from "./category.server";

/** A category's sample bulk file (`?format=csv|xlsx`): its columns and an example row. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { category } = await bulkCategoryOf(context, params.id);
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  const fields = await requiredFieldsOf(getDb(), category.id);
  return bulkSampleFile(fields, category.id, getLocale(context), format);
}
