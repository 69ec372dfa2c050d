import { childListData, toggleChildAction } from "./child.server";
import { fromFlag } from "~/platform/db/values";
import { useTranslation } from "~/platform/i18n/react";
import { ChildListPage } from "~/components/catalogue/child-list-page";
import { fieldTypeOf } from "~/modules/catalogue/field-types";
import { listRequiredFields } from "~/modules/catalogue/queries.server";
import { fieldInScope } from "~/modules/catalogue/service.server";
import { pick } from "~/utils/format";
import type { Route } from "./+types/required-fields";

/** `/document-required-fields?documentCategoryId=N`: a category's required fields, 15 a page. */
export const loader = (args: Route.LoaderArgs) => childListData(args, listRequiredFields, 15);

/** The one-button toggle of `isRequired` (also used from the category page). */
export const action = (args: Route.ActionArgs) => toggleChildAction(args, "fields", fieldInScope);

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
