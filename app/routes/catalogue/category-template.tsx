import { parseWithZod } from "@conform-to/zod/v4";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { useZodForm } from "~/components/forms/zod-form";
import { BilingualFields } from "~/components/forms/bilingual-fields";
import { SelectField } from "~/components/forms/select-field";
import { useArea } from "~/components/layout/area-shell";
import { Field } from "~/components/ui/field";
import { FormPage } from "~/components/ui/form-page";
import { getDb } from "~/platform/db/db.server";
import { ORIENTATIONS, PAGE_SIZES } from "~/platform/db/schema";
import { idOf } from "~/platform/db/values";
import { mustLinkTo } from "~/modules/access";
import { areaOf, notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { requiredFieldsOf } from "~/modules/catalogue/queries.server";
import { categoryInScope } from "~/modules/catalogue/service.server";
import { FIXED_PLACEHOLDERS, fieldPlaceholder } from "~/modules/templates/placeholders";
import { findTemplate } from "~/modules/templates/queries.server";
import { TEMPLATE_IMAGE_MAX_BYTES, templateSchema } from "~/modules/templates/schema";
import { saveTemplate } from "~/modules/templates/service.server";
import { readUpload } from "~/platform/http/body.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/category-template";

/**
 * A document category's template (docs/architecture.md §21), edited by the client's admin and clerks and the super
 * admin: page, logo and signature images, and a title and body in both languages with placeholders.
 */
async function categoryOf(
  context: Route.LoaderArgs["context"],
  id: string | undefined,
  capability: "catalogue:read" | "catalogue:write",
) {
  const principal = requirePermission(principalOf(context), capability);
  const db = getDb();
  const category = await categoryInScope(db, idOf(id), principal);
  if (!category) throw notFound();
  const fieldNames = (await requiredFieldsOf(db, category.id)).map((field) => field.field_name);
  return { principal, category, fieldNames };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { category, fieldNames } = await categoryOf(context, params.id, "catalogue:write");
  return { category, fieldNames, template: (await findTemplate(getDb(), category.id)) ?? null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, category, fieldNames } = await categoryOf(context, params.id, "catalogue:write");
  const schema = templateSchema(fieldNames);
  const upload = await readUpload(request, {
    maxFileSize: TEMPLATE_IMAGE_MAX_BYTES,
    maxFiles: 2,
    tooLarge: "validation.fileMax1",
  });
  if (!upload.ok) return replyRefused(upload);
  const submission = parseWithZod(upload.fields, { schema });
  if (submission.status !== "success") return replyInvalid(submission);
  const image = (name: string) => upload.files.find((file) => file.fieldName === name);
  const result = await saveTemplate(getDb(), principal, category, submission.value, {
    logo: image("logo"),
    signature: image("signature"),
  });
  if (!result.ok) return replyRefused(result, submission, { field: result.field ?? "logo" });
  return redirectWithToast(mustLinkTo(areaOf(context)!, "category", { id: category.id }), {
    kind: "success",
    message: "templates.saved",
  });
}

/** The template's two images: each a file field that keeps the saved image unless a new one is chosen. */
const IMAGES = [
  { name: "logo", label: "templates.logo", saved: "logo_file_id" },
  { name: "signature", label: "templates.signature", saved: "signature_file_id" },
] as const;

export default function CategoryTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const area = useArea();
  const { t, i18n } = useTranslation();
  const { category, fieldNames, template } = loaderData;
  const [form, fields] = useZodForm(templateSchema(fieldNames), {
    lastResult: actionData,
    defaultValue: {
      pageSize: template?.page_size ?? "A4",
      orientation: template?.orientation ?? "PORTRAIT",
      title: { english: template?.title_en ?? "", arabic: template?.title_ar ?? "" },
      body: { english: template?.body_en ?? "", arabic: template?.body_ar ?? "" },
    },
  });
  const errorsOf = (name: string) => (actionData?.error as Record<string, string[]> | undefined)?.[name];
  const placeholders = [...FIXED_PLACEHOLDERS, ...fieldNames.map(fieldPlaceholder)];
  return (
    <FormPage
      title={t("templates.title", { name: pick(i18n.language, category.name_en, category.name_ar) })}
      intro={t("templates.intro")}
      back={{ href: mustLinkTo(area, "category", { id: category.id }), label: t("wizard.back") }}
      form={form}
      encType="multipart/form-data"
      submitLabel={t("templates.save")}
    >
      <SelectField
        field={fields.pageSize}
        label={t("templates.pageSize")}
        options={PAGE_SIZES.map((size) => ({ id: size, label: t(`templates.pageSizes.${size}`) }))}
      />
      <SelectField
        field={fields.orientation}
        label={t("templates.orientation")}
        options={ORIENTATIONS.map((value) => ({ id: value, label: t(`templates.orientations.${value}`) }))}
      />
      {IMAGES.map(({ name, label, saved }) => (
        <Field
          key={name}
          id={name}
          name={name}
          type="file"
          label={t(label)}
          hint={t(template?.[saved] ? "templates.imageKept" : "templates.imageHint")}
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          errors={errorsOf(name)}
          errorId={`${name}-error`}
        />
      ))}
      <BilingualFields field={fields.title} english={t("templates.titleEnglish")} arabic={t("templates.titleArabic")} />
      <BilingualFields
        field={fields.body}
        english={t("templates.bodyEnglish")}
        arabic={t("templates.bodyArabic")}
        rows={10}
      />
      <div className="md:col-span-2">
        <h2 className="mb-1 text-sm font-medium">{t("templates.placeholders")}</h2>
        <p className="mb-2 text-sm text-gray-11">{t("templates.placeholdersHint")}</p>
        <ul className="flex flex-wrap gap-2" data-testid="placeholders">
          {placeholders.map((name) => (
            <li key={name}>
              <code dir="ltr" className="rounded bg-gray-3 px-1 text-sm">{`{{${name}}}`}</code>
            </li>
          ))}
        </ul>
      </div>
    </FormPage>
  );
}
