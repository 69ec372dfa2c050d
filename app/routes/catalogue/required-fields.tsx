import { childCategoryOf, childOf } from "./child.server";
import { childLinks } from "~/components/catalogue/child-kinds";
import { fromFlag } from "~/db/values";
import { useTranslation } from "~/utils/i18n";
import { ChildListPage } from "~/components/catalogue/child-list-page";
import { childToggleSchema, fieldTypeOf } from "~/modules/catalogue/schema";
import { listRequiredFields } from "~/modules/catalogue/queries.server";
import { fieldInScope, toggleChild } from "~/modules/catalogue/service.server";
import { pagingOf, searchOf } from "~/platform/paging";
import { safeRedirectPath } from "~/platform/security/origin.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { getDb } from "~/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { areaOf, notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/required-fields";
import { readForm } from "~/platform/http/body.server";

/** `/document-required-fields?documentCategoryId=N`: a category's required fields, 15 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  const category = await childCategoryOf(request, principal);
  const url = new URL(request.url);
  const paging = pagingOf(url, 15);
  const q = searchOf(url);
  const { total, rows } = await listRequiredFields(getDb(), { categoryId: category.id, q, ...paging });
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
  const row = childOf(await fieldInScope(getDb(), parsed.data.id, principal), category);
  await toggleChild(getDb(), "fields", row, category.client_id, principal);
  const back = safeRedirectPath(parsed.data.redirectTo, childLinks("fields", category.id).list);
  return redirectWithToast(back, { kind: "success", message: "catalogue.toggled" });
}

export default function RequiredFields({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const rows = loaderData.rows.map((field) => ({
    id: field.id,
    label: pick(i18n.language, field.name_en, field.name_ar),
    isRequired: fromFlag(field.is_required),
    detail: (
      <>
        <code dir="ltr">{field.field_name}</code> · {t(`catalogue.fieldTypes.${fieldTypeOf(field.field_type)}`)}
      </>
    ),
  }));
  return <ChildListPage kind="fields" view={loaderData} rows={rows} />;
}
