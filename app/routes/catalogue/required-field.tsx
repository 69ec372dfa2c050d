import { mustLinkTo, AREAS } from "~/modules/access/areas";
import { idOf } from "~/db/values";
import { useTranslation } from "~/utils/i18n";
import { data } from "react-router";
import { ChildDetailPage } from "~/components/catalogue/child-detail-page";
import { Callout } from "~/components/ui/callout";
import { categoryIdParam, fieldTypeOf } from "~/modules/catalogue/schema";
import { categoryInScope, fieldInScope, removeRequiredField } from "~/modules/catalogue/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { getDb } from "~/db/db.server";
import type { Principal } from "~/modules/access";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/required-field";

async function load(request: Request, id: string, principal: Principal) {
  const db = getDb();
  const categoryId = categoryIdParam(request);
  const category = categoryId ? await categoryInScope(db, categoryId, principal) : null;
  const field = category ? await fieldInScope(db, idOf(id), principal) : null;
  return { category, field: field && field.document_category_id === category?.id ? field : null };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { category, field } = await load(request, params.id, requirePermission(principalOf(context), "catalogue:read"));
  if (!category)
    return data({ problem: "errors.missingCategory", category: null, field: null, dialog: null }, { status: 400 });
  if (!field) return data({ problem: "errors.errorLoading", category, field: null, dialog: null }, { status: 404 });
  return { problem: null, category, field, dialog: new URL(request.url).searchParams.get("dialog") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const db = getDb();
  const { category, field } = await load(request, params.id, principal);
  if (!category || !field) throw notFound();
  await removeRequiredField(db, field, category.client_id, principal);
  return redirectWithToast(mustLinkTo(AREAS.shared, "requiredFields", {}, { documentCategoryId: category.id }), {
    kind: "success",
    message: "catalogue.fieldDeleted",
  });
}

export default function RequiredField({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { category, field, problem } = loaderData;
  if (problem || !field || !category) return <Callout tone="warning">{t(problem ?? "errors.errorLoading")}</Callout>;
  return (
    <ChildDetailPage
      kind="fields"
      id={field.id}
      name={pick(lng, field.name_en, field.name_ar)}
      category={category}
      dialog={loaderData.dialog}
      rows={[
        [
          t("catalogue.labelEnglish"),
          <span key="en" lang="en">
            {field.name_en}
          </span>,
        ],
        [
          t("catalogue.labelArabic"),
          <span key="ar" lang="ar">
            {field.name_ar}
          </span>,
        ],
        [
          t("catalogue.fieldName"),
          <code key="key" dir="ltr">
            {field.field_name}
          </code>,
        ],
        [t("catalogue.fieldType"), t(`catalogue.fieldTypes.${fieldTypeOf(field.field_type)}`)],
        [t("catalogue.isRequired"), field.is_required ? t("staff.yes") : t("staff.no")],
      ]}
    />
  );
}
