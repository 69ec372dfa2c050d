import { childLinks } from "~/components/catalogue/child-kinds";
import { fromFlag, idOf } from "~/db/values";
import { useTranslation } from "~/utils/i18n";
import { data } from "react-router";
import { ChildListPage } from "~/components/catalogue/child-list-page";
import { categoryIdParam, fieldTypeOf } from "~/modules/catalogue/schema";
import { listRequiredFields } from "~/modules/catalogue/queries.server";
import { categoryInScope, fieldInScope, toggleRequiredField } from "~/modules/catalogue/service.server";
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
  const db = getDb();
  const categoryId = categoryIdParam(request);
  const category = categoryId ? await categoryInScope(db, categoryId, principal) : null;
  if (!category) return data({ missing: true as const }, { status: 400 });
  const url = new URL(request.url);
  const paging = pagingOf(url, 15);
  const q = searchOf(url);
  const { total, rows } = await listRequiredFields(db, { categoryId: category.id, q, ...paging });
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

/** The one-button toggle of `isRequired` (also used from the category page). */
export async function action({ request, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const db = getDb();
  const form = await readForm(request);
  const field = await fieldInScope(db, idOf(form.get("id") as string | null), principal);
  const categoryId = categoryIdParam(request);
  if (!field || form.get("intent") !== "toggle" || field.document_category_id !== categoryId) throw notFound();
  const category = (await categoryInScope(db, field.document_category_id, principal))!;
  await toggleRequiredField(db, field, category.client_id, principal);
  const back = safeRedirectPath(form.get("redirectTo"), childLinks("fields", category.id).list);
  return redirectWithToast(back, { kind: "success", message: "catalogue.toggled" });
}

export default function RequiredFields({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const rows = loaderData.missing
    ? []
    : loaderData.rows.map((field) => ({
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
