import { childLinks } from "~/components/catalogue/child-kinds";
import { fromFlag, idOf } from "~/db/values";
import { useTranslation } from "~/utils/i18n";
import { data } from "react-router";
import { ChildListPage } from "~/components/catalogue/child-list-page";
import { categoryIdParam } from "~/modules/catalogue/schema";
import { listSupportingTypes } from "~/modules/catalogue/queries.server";
import { categoryInScope, supportingTypeInScope, toggleSupportingType } from "~/modules/catalogue/service.server";
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
  const db = getDb();
  const categoryId = categoryIdParam(request);
  const category = categoryId ? await categoryInScope(db, categoryId, principal) : null;
  if (!category) return data({ missing: true as const }, { status: 400 });
  const url = new URL(request.url);
  const paging = pagingOf(url);
  const q = searchOf(url);
  const { total, rows } = await listSupportingTypes(db, { categoryId: category.id, q, ...paging });
  return {
    missing: false as const,
    category,
    rows,
    total,
    ...paging,
    q,
    categoryHref: mustLinkTo(areaOf(context)!, "category", { id: category.id }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const db = getDb();
  const form = await readForm(request);
  const type = await supportingTypeInScope(db, idOf(form.get("id") as string | null), principal);
  if (!type || form.get("intent") !== "toggle" || type.document_category_id !== categoryIdParam(request))
    throw notFound();
  const category = (await categoryInScope(db, type.document_category_id, principal))!;
  await toggleSupportingType(db, type, category.client_id, principal);
  const back = safeRedirectPath(form.get("redirectTo"), childLinks("types", category.id).list);
  return redirectWithToast(back, { kind: "success", message: "catalogue.toggled" });
}

export default function SupportingTypes({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const rows = loaderData.missing
    ? []
    : loaderData.rows.map((type) => ({
        id: type.id,
        label: pick(i18n.language, type.document_type_en, type.document_type_ar),
        isRequired: fromFlag(type.is_required),
      }));
  return <ChildListPage kind="types" view={loaderData} rows={rows} />;
}
