import { data } from "react-router";
import { getDb } from "~/db/db.server";
import type { Principal } from "~/modules/access";
import { notFound } from "~/modules/access/require.server";
import { categoryIdParam } from "~/modules/catalogue/schema";
import { categoryInScope } from "~/modules/catalogue/service.server";

/**
 * The category a required-field or supporting-type screen belongs to (`?documentCategoryId=`), in the principal's
 * scope. Without it a page answers 400 'Missing category data...' (docs/product.md, Catalogue); a post, whose
 * target must exist, 404 like any unknown id.
 */
export async function childCategoryOf(request: Request, principal: Principal) {
  const categoryId = categoryIdParam(request);
  const category = categoryId ? await categoryInScope(getDb(), categoryId, principal) : null;
  if (category) return category;
  throw request.method === "GET" || request.method === "HEAD"
    ? data({ reason: "missing-category" }, { status: 400 })
    : notFound();
}

/** The child row when it belongs to that category; else 404 'Error loading data.' (docs/product.md, Catalogue). */
export function childOf<T extends { document_category_id: number }>(
  row: T | null | undefined,
  category: { id: number },
): T {
  if (!row || row.document_category_id !== category.id) throw notFound({ key: "errors.errorLoading" });
  return row;
}
