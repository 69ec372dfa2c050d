import { childCategoryOf, childOf } from "./child.server";
import { refusalAnswer } from "~/platform/forms/reply.server";
import { mustLinkTo, AREAS } from "~/modules/access/areas";
import { idOf } from "~/platform/db/values";
import { useTranslation } from "~/platform/i18n/react";
import { ChildDetailPage } from "~/components/catalogue/child-detail-page";
import { bilingualRows } from "~/components/ui/detail-list";
import { removeSupportingType, supportingTypeInScope } from "~/modules/catalogue/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { getDb } from "~/platform/db/db.server";
import type { Principal } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/supporting-type";

async function load(request: Request, id: string, principal: Principal) {
  const category = await childCategoryOf(request, principal);
  return { category, type: childOf(await supportingTypeInScope(getDb(), idOf(id), principal), category) };
}

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const { category, type } = await load(request, params.id, requirePermission(principalOf(context), "catalogue:read"));
  return { category, type, dialog: url.searchParams.get("dialog") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const db = getDb();
  const { category, type } = await load(request, params.id, principal);
  const result = await removeSupportingType(db, type, category.client_id, principal);
  if (!result.ok) return refusalAnswer(result);
  return redirectWithToast(mustLinkTo(AREAS.shared, "supportingTypes", {}, { documentCategoryId: category.id }), {
    kind: "success",
    message: "catalogue.supportingDeleted",
  });
}

export default function SupportingType({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { category, type } = loaderData;
  return (
    <ChildDetailPage
      kind="types"
      id={type.id}
      name={pick(lng, type.document_type_en, type.document_type_ar)}
      category={category}
      dialog={loaderData.dialog}
      error={actionData && "error" in actionData ? actionData.error : undefined}
      rows={[
        ...bilingualRows(
          [t("catalogue.documentTypeEnglish"), t("catalogue.documentTypeArabic")],
          [type.document_type_en, type.document_type_ar],
        ),
        [t("catalogue.descriptionEnglish"), type.description_en || "—"],
        [t("catalogue.descriptionArabic"), type.description_ar || "—"],
        [t("catalogue.isRequired"), type.is_required ? t("staff.yes") : t("staff.no")],
      ]}
    />
  );
}
