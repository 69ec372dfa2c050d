import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid } from "~/platform/forms/reply.server";
import { checkboxProps } from "~/components/forms/conform";
import { BilingualFields } from "~/components/forms/bilingual-fields";
import { childCategoryOf, childOf } from "./child.server";
import { mustLinkTo, AREAS } from "~/modules/access/areas";
import { idOf } from "~/platform/db/values";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { supportingTypeSchema } from "~/modules/catalogue/schema";
import { categoryInScope, saveSupportingType, supportingTypeInScope } from "~/modules/catalogue/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { getDb } from "~/platform/db/db.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/supporting-type-form";
import { FormPage } from "~/components/ui/form-page";
import { readForm } from "~/platform/http/body.server";
import { CheckboxField } from "~/components/ui/field";

/** Create and edit a supporting document type of a category. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  if (params.id === undefined) return { category: await childCategoryOf(request, principal), type: null };
  // An edit page knows its category from the type when the link did not say it.
  const found = await supportingTypeInScope(getDb(), idOf(params.id), principal);
  const category = await childCategoryOf(request, principal, found?.document_category_id);
  return { category, type: childOf(found, category) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const db = getDb();
  const submission = parseWithZod(await readForm(request), { schema: supportingTypeSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const category = await categoryInScope(db, submission.value.documentCategoryId, principal);
  if (!category) throw notFound();
  let existingId: number | undefined;
  if (params.id !== undefined) {
    existingId = childOf(await supportingTypeInScope(db, idOf(params.id), principal), category).id;
  }
  await saveSupportingType(db, category, submission.value, principal, existingId);
  return redirectWithToast(mustLinkTo(AREAS.shared, "supportingTypes", {}, { documentCategoryId: category.id }), {
    kind: "success",
    message: "catalogue.supportingSaved",
  });
}

export default function SupportingTypeForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { category, type } = loaderData;
  const [form, fields] = useZodForm(supportingTypeSchema, {
    lastResult: actionData,
    defaultValue: type
      ? {
          documentType: { english: type.document_type_en, arabic: type.document_type_ar },
          description: { english: type.description_en, arabic: type.description_ar },
          isRequired: type.is_required ? "on" : undefined,
        }
      : {},
  });
  const title = type ? t("catalogue.updateSupporting") : t("catalogue.newSupporting");
  return (
    <FormPage
      title={title}
      back={{
        href: mustLinkTo(AREAS.shared, "supportingTypes", {}, { documentCategoryId: category.id }),
        label: `${t("catalogue.supportingDocuments")} · ${pick(i18n.language, category.name_en, category.name_ar)}`,
      }}
      form={form}
    >
      <input type="hidden" name="documentCategoryId" value={category.id} />
      <BilingualFields
        field={fields.documentType}
        english={t("catalogue.documentTypeEnglish")}
        arabic={t("catalogue.documentTypeArabic")}
      />
      <BilingualFields
        field={fields.description}
        english={t("catalogue.descriptionEnglish")}
        arabic={t("catalogue.descriptionArabic")}
      />
      <CheckboxField label={t("catalogue.isRequired")} {...checkboxProps(fields.isRequired)} />
    </FormPage>
  );
}
