import { childCategoryOf, childOf } from "./child.server";
import { mustLinkTo, AREAS } from "~/modules/access/areas";
import { idOf } from "~/platform/db/values";
import { useTranslation } from "~/platform/i18n/react";
import { ChildDetailPage } from "~/components/catalogue/child-detail-page";
import { bilingualRows } from "~/components/ui/detail-list";
import { fieldTypeOf } from "~/modules/catalogue/field-types";
import { fieldInScope, removeRequiredField } from "~/modules/catalogue/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { getDb } from "~/platform/db/db.server";
import type { Principal } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/required-field";

async function load(request: Request, id: string, principal: Principal) {
  const category = await childCategoryOf(request, principal);
  return { category, field: childOf(await fieldInScope(getDb(), idOf(id), principal), category) };
}

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const { category, field } = await load(request, params.id, requirePermission(principalOf(context), "catalogue:read"));
  return { category, field, dialog: url.searchParams.get("dialog") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const db = getDb();
  const { category, field } = await load(request, params.id, principal);
  await removeRequiredField(db, field, category.client_id, principal);
  return redirectWithToast(mustLinkTo(AREAS.shared, "requiredFields", {}, { documentCategoryId: category.id }), {
    kind: "success",
    message: "catalogue.fieldDeleted",
  });
}

export default function RequiredField({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { category, field } = loaderData;
  return (
    <ChildDetailPage
      kind="fields"
      id={field.id}
      name={pick(lng, field.name_en, field.name_ar)}
      category={category}
      dialog={loaderData.dialog}
      rows={[
        ...bilingualRows([t("catalogue.labelEnglish"), t("catalogue.labelArabic")], [field.name_en, field.name_ar]),
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
