import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { categoryInScope } from "~/modules/catalogue/service.server";
import type { RouterContextProvider } from "react-router";

/** A document category, in the principal's scope, for those who may issue (the bulk screens and their files). */
export async function bulkCategoryOf(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const principal = requirePermission(principalOf(context), "request:issue");
  const category = await categoryInScope(getDb(), idOf(id), principal);
  if (!category) throw notFound();
  return { principal, category };
}
