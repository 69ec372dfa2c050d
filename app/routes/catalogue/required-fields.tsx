import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { ChildListHeader } from "~/components/catalogue/child-list-header";
import { RequiredToggle } from "~/components/catalogue/required-toggle";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { catalogueAccess, categoryBaseOfRole, categoryIdParam } from "~/modules/catalogue/access.server";
import { listRequiredFields } from "~/modules/catalogue/queries.server";
import { categoryInScope, fieldInScope, toggleRequiredField } from "~/modules/catalogue/service.server";
import { pagingOf } from "~/modules/requests/schema";
import { safeRedirectPath } from "~/modules/security/origin.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { fieldTypeOf } from "~/modules/wizard/schema";
import { pick } from "~/utils/format";
import type { Route } from "./+types/required-fields";

/** `/document-required-fields?documentCategoryId=N`: a category's required fields, 15 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, scope, db } = catalogueAccess(context, request);
  const categoryId = categoryIdParam(request);
  const category = categoryId ? await categoryInScope(db, categoryId, scope) : null;
  if (!category) return data({ missing: true as const }, { status: 400 });
  const url = new URL(request.url);
  const paging = pagingOf(url, 15);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const { total, rows } = await listRequiredFields(db, { categoryId: category.id, q, ...paging });
  return { missing: false as const, category, rows, total, ...paging, q, categoryHref: `${categoryBaseOfRole(user.role)}/${category.id}` };
}

/** The one-button toggle of `isRequired` (also used from the category page). */
export async function action({ request, context }: Route.ActionArgs) {
  const { scope, db, actor } = catalogueAccess(context, request);
  const form = await request.formData();
  const field = await fieldInScope(db, Number(form.get("id")), scope);
  const categoryId = categoryIdParam(request);
  if (!field || form.get("intent") !== "toggle" || field.document_category_id !== categoryId) throw data({ reason: "not-found" }, { status: 404 });
  const category = (await categoryInScope(db, field.document_category_id, scope))!;
  await toggleRequiredField(db, field, category.client_id, actor);
  const back = safeRedirectPath(form.get("redirectTo"), `/document-required-fields?documentCategoryId=${category.id}`);
  return redirectWithToast(back, { kind: "success", message: "catalogue.toggled" });
}

export default function RequiredFields({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  if (loaderData.missing) return <Callout tone="warning">{t("errors.missingCategory")}</Callout>;
  const { category, rows, q } = loaderData;
  const query = `documentCategoryId=${category.id}`;
  const title = `${t("catalogue.requiredFields")} · ${pick(lng, category.name_en, category.name_ar)}`;
  return (
    <div className="flex flex-col gap-5">
      <ChildListHeader
        title={title}
        backHref={loaderData.categoryHref}
        backLabel={t("catalogue.backToCategory", { name: pick(lng, category.name_en, category.name_ar) })}
        addHref={`/document-required-fields/create?${query}`}
        addLabel={t("catalogue.addField")}
        categoryId={category.id}
        q={q}
      />
      {rows.length === 0 ? (
        <Card>
          <p className="text-gray-11">{t("catalogue.noFields")}</p>
        </Card>
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-gray-5" data-testid="required-fields">
            {rows.map((field) => (
              <li key={field.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <Link to={`/document-required-fields/${field.id}?${query}`} className="font-medium text-accent-11 underline">
                  {pick(lng, field.name_en, field.name_ar)}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  <code dir="ltr">{field.field_name}</code> · {t(`catalogue.fieldTypes.${fieldTypeOf(field.field_type)}`)}
                  <RequiredToggle id={field.id} isRequired={field.is_required === 1} />
                  <Link to={`/document-required-fields/edit/${field.id}?${query}`} className="text-accent-11 underline">
                    {t("catalogue.edit")}
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pagination page={loaderData.page} size={loaderData.size} total={loaderData.total} />
    </div>
  );
}
