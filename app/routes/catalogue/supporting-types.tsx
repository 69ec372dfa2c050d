import { childListData, toggleChildAction } from "./child.server";
import { fromFlag } from "~/platform/db/values";
import { useTranslation } from "~/platform/i18n/react";
import { ChildListPage } from "~/components/catalogue/child-list-page";
import { listSupportingTypes } from "~/modules/catalogue/queries.server";
import { supportingTypeInScope } from "~/modules/catalogue/service.server";
import { pick } from "~/utils/format";
import type { Route } from "./+types/supporting-types";

/** `/document-supporting-documents?documentCategoryId=N`: a category's supporting document types. */
export const loader = (args: Route.LoaderArgs) => childListData(args, listSupportingTypes);

/** The one-button toggle of `isRequired` (also used from the category page). */
export const action = (args: Route.ActionArgs) => toggleChildAction(args, "types", supportingTypeInScope);

export default function SupportingTypes({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const rows = loaderData.rows.map((type) => ({
    id: type.id,
    label: pick(i18n.language, type.document_type_en, type.document_type_ar),
    isRequired: fromFlag(type.is_required),
  }));
  return <ChildListPage kind="types" view={loaderData} rows={rows} />;
}
