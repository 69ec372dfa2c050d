import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { checkboxProps, inputProps } from "~/components/forms/conform";
import { BilingualFields } from "~/components/forms/bilingual-fields";
import { childCategoryOf, childOf } from "./child.server";
import { mustLinkTo, AREAS } from "~/modules/access/areas";
import { idOf } from "~/platform/db/values";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { FormErrors } from "~/components/forms/form-errors";
import { CheckboxField, Field } from "~/components/ui/field";
import { FIELD_TYPES, fieldTypeOf } from "~/modules/catalogue/field-types";
import { requiredFieldSchema } from "~/modules/catalogue/schema";
import { categoryInScope, fieldInScope, saveRequiredField } from "~/modules/catalogue/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { getDb } from "~/platform/db/db.server";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/required-field-form";
import { FormPage } from "~/components/ui/form-page";
import { readForm } from "~/platform/http/body.server";
import { SelectField } from "~/components/forms/select-field";

/** Create and edit a required field (spec: the edit screen needs its category, from the list). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  if (params.id === undefined) return { category: await childCategoryOf(request, principal), field: null };
  // An edit page knows its category from the field when the link did not say it.
  const found = await fieldInScope(getDb(), idOf(params.id), principal);
  const category = await childCategoryOf(request, principal, found?.document_category_id);
  return { category, field: childOf(found, category) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const db = getDb();
  const submission = parseWithZod(await readForm(request), { schema: requiredFieldSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const category = await categoryInScope(db, submission.value.documentCategoryId, principal);
  if (!category)
    return replyInvalid(submission, { fieldErrors: { documentCategoryId: ["validation.documentCategoryRequired"] } });
  let existingId: number | undefined;
  if (params.id !== undefined) {
    existingId = childOf(await fieldInScope(db, idOf(params.id), principal), category).id;
  }
  const result = await saveRequiredField(db, category, submission.value, principal, existingId);
  if (!result.ok) return replyRefused(result, submission, { field: "fieldName" });
  return redirectWithToast(mustLinkTo(AREAS.shared, "requiredFields", {}, { documentCategoryId: category.id }), {
    kind: "success",
    message: "catalogue.fieldSaved",
  });
}

export default function RequiredFieldForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { category, field } = loaderData;
  const [form, fields] = useZodForm(requiredFieldSchema, {
    lastResult: actionData,
    defaultValue: field
      ? {
          name: { english: field.name_en, arabic: field.name_ar },
          fieldName: field.field_name,
          fieldType: fieldTypeOf(field.field_type),
          isRequired: field.is_required ? "on" : undefined,
          documentCategoryId: String(field.document_category_id),
        }
      : { fieldType: "text", documentCategoryId: String(category.id) },
  });
  const title = field ? t("catalogue.updateField") : t("catalogue.newField");
  return (
    <FormPage
      title={title}
      back={{
        href: mustLinkTo(AREAS.shared, "requiredFields", {}, { documentCategoryId: category.id }),
        label: `${t("catalogue.requiredFields")} · ${pick(i18n.language, category.name_en, category.name_ar)}`,
      }}
      form={form}
    >
      <FormErrors errors={fields.documentCategoryId.errors} />
      <input type="hidden" name="documentCategoryId" value={category.id} />
      <BilingualFields field={fields.name} english={t("catalogue.labelEnglish")} arabic={t("catalogue.labelArabic")} />
      <Field
        label={t("catalogue.fieldName")}
        hint={t("catalogue.fieldNameHint")}
        dir="ltr"
        {...inputProps(fields.fieldName, "text")}
      />
      <SelectField
        field={fields.fieldType}
        label={t("catalogue.fieldType")}
        options={FIELD_TYPES.map((type) => ({ id: type, label: t(`catalogue.fieldTypes.${type}`) }))}
      />
      <CheckboxField label={t("catalogue.isRequired")} {...checkboxProps(fields.isRequired)} />
    </FormPage>
  );
}
