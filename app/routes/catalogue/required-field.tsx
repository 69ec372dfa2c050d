import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { PageTitle } from "~/components/ui/page-title";
import { catalogueAccess, categoryIdParam } from "~/modules/catalogue/access.server";
import { categoryInScope, fieldInScope, removeRequiredField } from "~/modules/catalogue/service.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { fieldTypeOf } from "~/modules/wizard/schema";
import { pick } from "~/utils/format";
import type { Route } from "./+types/required-field";

async function load(request: Request, id: string, access: ReturnType<typeof catalogueAccess>) {
  const categoryId = categoryIdParam(request);
  const category = categoryId ? await categoryInScope(access.db, categoryId, access.scope) : null;
  const field = category ? await fieldInScope(access.db, Number(id), access.scope) : null;
  return { category, field: field && field.document_category_id === category?.id ? field : null };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { category, field } = await load(request, params.id, catalogueAccess(context, request));
  if (!category) return data({ problem: "errors.missingCategory", category: null, field: null, dialog: null }, { status: 400 });
  if (!field) return data({ problem: "errors.errorLoading", category, field: null, dialog: null }, { status: 404 });
  return { problem: null, category, field, dialog: new URL(request.url).searchParams.get("dialog") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const access = catalogueAccess(context, request);
  const { category, field } = await load(request, params.id, access);
  if (!category || !field) throw data({ reason: "not-found" }, { status: 404 });
  await removeRequiredField(access.db, field, category.client_id, access.actor);
  return redirectWithToast(`/document-required-fields?documentCategoryId=${category.id}`, { kind: "success", message: "catalogue.fieldDeleted" });
}

export default function RequiredField({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { category, field, problem } = loaderData;
  if (problem || !field || !category) return <Callout tone="warning">{t(problem ?? "errors.errorLoading")}</Callout>;
  const name = pick(lng, field.name_en, field.name_ar);
  const query = `documentCategoryId=${category.id}`;
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={name} />
      <Link to={`/document-required-fields?${query}`} className="text-sm text-accent-11 underline">
        {t("catalogue.requiredFields")} · {pick(lng, category.name_en, category.name_ar)}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{name}</h1>
        <div className="flex gap-2">
          <ButtonLink to={`/document-required-fields/edit/${field.id}?${query}`} variant="outline">
            {t("catalogue.edit")}
          </ButtonLink>
          <ButtonLink to={`?${query}&dialog=delete`} variant="danger" preventScrollReset>
            {t("catalogue.delete")}
          </ButtonLink>
        </div>
      </div>
      {loaderData.dialog === "delete" ? <ConfirmDelete name={name} /> : null}
      <Card>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="text-gray-11">{t("catalogue.labelEnglish")}</dt>
          <dd lang="en">{field.name_en}</dd>
          <dt className="text-gray-11">{t("catalogue.labelArabic")}</dt>
          <dd lang="ar">{field.name_ar}</dd>
          <dt className="text-gray-11">{t("catalogue.fieldName")}</dt>
          <dd>
            <code dir="ltr">{field.field_name}</code>
          </dd>
          <dt className="text-gray-11">{t("catalogue.fieldType")}</dt>
          <dd>{t(`catalogue.fieldTypes.${fieldTypeOf(field.field_type)}`)}</dd>
          <dt className="text-gray-11">{t("catalogue.isRequired")}</dt>
          <dd>{field.is_required ? t("staff.yes") : t("staff.no")}</dd>
        </dl>
      </Card>
    </div>
  );
}
