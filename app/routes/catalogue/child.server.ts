import { type RouterContextProvider } from "react-router";
import { Refusal, refused } from "~/platform/outcome";
import { childLinks, type ChildKind } from "~/components/catalogue/child-kinds";
import { getDb, type DB } from "~/platform/db/db.server";
import { mustLinkTo, type Principal } from "~/modules/access";
import { areaOf, notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { categoryIdParam, childToggleSchema } from "~/modules/catalogue/schema";
import { categoryInScope, toggleChild } from "~/modules/catalogue/service.server";
import { readIntent } from "~/platform/http/body.server";
import { listScreenData } from "~/platform/paging";
import { safeRedirectPath } from "~/platform/security/origin.server";
import { redirectWithToast } from "~/platform/toast/toast.server";

/**
 * The category a required-field or supporting-type screen belongs to (`?documentCategoryId=`, else the edited
 * child's own), in the principal's scope. A new child's page without it answers 400 'Missing category data...'
 * (docs/product.md, Catalogue); a post, whose target must exist, 404 like any unknown id.
 */
export async function childCategoryOf(request: Request, principal: Principal, childCategoryId?: number) {
  const categoryId = categoryIdParam(request) ?? childCategoryId;
  const category = categoryId ? await categoryInScope(getDb(), categoryId, principal) : null;
  if (category) return category;
  throw request.method === "GET" || request.method === "HEAD"
    ? new Refusal(refused("errors.missingCategory"), "missing-category")
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

type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

/** A child list's loader data: its category, one page of its rows, and the link back to the category. */
export async function childListData<Row>(
  { request, url, context }: Args,
  list: (
    db: DB,
    filter: { categoryId: number; q: string; page: number; size: number },
  ) => Promise<{
    total: number;
    rows: Row[];
  }>,
  pageSize?: number,
) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  const category = await childCategoryOf(request, principal);
  const page = await listScreenData(url, (filter) => list(getDb(), { categoryId: category.id, ...filter }), pageSize);
  return { category, ...page, categoryHref: mustLinkTo(areaOf(context)!, "category", { id: category.id }) };
}

/** The one-button toggle of a child's `isRequired`, from its list or the category page. */
export async function toggleChildAction(
  { request, context }: Args,
  kind: ChildKind,
  find: (
    db: DB,
    id: number,
    principal: Principal,
  ) => Promise<{ id: number; is_required: number; document_category_id: number } | null>,
) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const category = await childCategoryOf(request, principal);
  const { id, redirectTo } = await readIntent(request, childToggleSchema);
  const row = childOf(await find(getDb(), id, principal), category);
  await toggleChild(getDb(), kind, row, category.client_id, principal);
  const back = safeRedirectPath(redirectTo, childLinks(kind, category.id).list);
  return redirectWithToast(back, { kind: "success", message: "catalogue.toggled" });
}
