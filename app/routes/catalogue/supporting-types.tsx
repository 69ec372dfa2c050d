import { childCategoryOf, childOf } from "./child.server";
import { childLinks } from "~/components/catalogue/child-kinds";
import { fromFlag } from "~/db/values";
import { useTranslation } from "~/utils/i18n";
import { ChildListPage } from "~/components/catalogue/child-list-page";
import { childToggleSchema } from "~/modules/catalogue/schema";
import { listSupportingTypes } from "~/modules/catalogue/queries.server";
import { supportingTypeInScope, toggleChild } from "~/modules/catalogue/service.server";
import { pagingOf, searchOf } from "~/platform/paging";
import { safeRedirectPath } from "~/platform/security/origin.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { getDb } from "~/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { areaOf, notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/supporting-types";
import { readForm } from "~/platform/http/body.server";

/** `/document-supporting-documents?documentCategoryId=N`: a category's supporting document types. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  const category = await childCategoryOf(request, principal);
  const url = new URL(request.url);
  const paging = pagingOf(url);
  const q = searchOf(url);
  const { total, rows } = await listSupportingTypes(getDb(), { categoryId: category.id, q, ...paging });
  return {
    category,
    rows,
    total,
    ...paging,
    q,
    categoryHref: mustLinkTo(areaOf(context)!, "category", { id: category.id }),
  };
}

/** The one-button toggle of `isRequired` (also used from the category page). */
export async function action({ request, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const category = await childCategoryOf(request, principal);
  const parsed = childToggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw notFound();
  const row = childOf(await supportingTypeInScope(getDb(), parsed.data.id, principal), category);
  await toggleChild(getDb(), "types", row, category.client_id, principal);
  const back = safeRedirectPath(parsed.data.redirectTo, childLinks("types", category.id).list);
  return redirectWithToast(back, { kind: "success", message: "catalogue.toggled" });
}

export default function SupportingTypes({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const rows = loaderData.rows.map((type) => ({
    id: type.id,
    label: pick(i18n.language, type.document_type_en, type.document_type_ar),
    isRequired: fromFlag(type.is_required),
  }));
  return <ChildListPage kind="types" view={loaderData} rows={rows} />;
}
