import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { PageTitle } from "~/components/ui/page-title";
import { catalogueAccess, categoryIdParam } from "~/modules/catalogue/access.server";
import { categoryInScope, removeSupportingType, supportingTypeInScope } from "~/modules/catalogue/service.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { pick } from "~/utils/format";
import type { Route } from "./+types/supporting-type";

async function load(request: Request, id: string, access: ReturnType<typeof catalogueAccess>) {
  const categoryId = categoryIdParam(request);
  const category = categoryId ? await categoryInScope(access.db, categoryId, access.scope) : null;
  const type = category ? await supportingTypeInScope(access.db, Number(id), access.scope) : null;
  return { category, type: type && type.document_category_id === category?.id ? type : null };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { category, type } = await load(request, params.id, catalogueAccess(context, request));
  if (!category) return data({ problem: "errors.missingCategory", category: null, type: null, dialog: null }, { status: 400 });
  if (!type) return data({ problem: "errors.errorLoading", category, type: null, dialog: null }, { status: 404 });
  return { problem: null, category, type, dialog: new URL(request.url).searchParams.get("dialog") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const access = catalogueAccess(context, request);
  const { category, type } = await load(request, params.id, access);
  if (!category || !type) throw data({ reason: "not-found" }, { status: 404 });
  const result = await removeSupportingType(access.db, type, category.client_id, access.actor);
  if (result === "in-use") return data({ error: "catalogue.inUse" }, { status: 409 });
  return redirectWithToast(`/document-supporting-documents?documentCategoryId=${category.id}`, { kind: "success", message: "catalogue.supportingDeleted" });
}

export default function SupportingType({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { category, type, problem } = loaderData;
  if (problem || !type || !category) return <Callout tone="warning">{t(problem ?? "errors.errorLoading")}</Callout>;
  const name = pick(lng, type.document_type_en, type.document_type_ar);
  const query = `documentCategoryId=${category.id}`;
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={name} />
      <Link to={`/document-supporting-documents?${query}`} className="text-sm text-accent-11 underline">
        {t("catalogue.supportingDocuments")} · {pick(lng, category.name_en, category.name_ar)}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{name}</h1>
        <div className="flex gap-2">
          <ButtonLink to={`/document-supporting-documents/edit/${type.id}?${query}`} variant="outline">
            {t("catalogue.edit")}
          </ButtonLink>
          <ButtonLink to={`?${query}&dialog=delete`} variant="danger" preventScrollReset>
            {t("catalogue.delete")}
          </ButtonLink>
        </div>
      </div>
      {actionData && "error" in actionData ? <Callout tone="error">{t(actionData.error)}</Callout> : null}
      {loaderData.dialog === "delete" ? <ConfirmDelete name={name} /> : null}
      <Card>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="text-gray-11">{t("catalogue.documentTypeEnglish")}</dt>
          <dd lang="en">{type.document_type_en}</dd>
          <dt className="text-gray-11">{t("catalogue.documentTypeArabic")}</dt>
          <dd lang="ar">{type.document_type_ar}</dd>
          <dt className="text-gray-11">{t("catalogue.descriptionEnglish")}</dt>
          <dd lang="en">{type.description_en || "—"}</dd>
          <dt className="text-gray-11">{t("catalogue.descriptionArabic")}</dt>
          <dd lang="ar">{type.description_ar || "—"}</dd>
          <dt className="text-gray-11">{t("catalogue.isRequired")}</dt>
          <dd>{type.is_required ? t("staff.yes") : t("staff.no")}</dd>
        </dl>
      </Card>
    </div>
  );
}
