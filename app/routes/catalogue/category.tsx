import { deleteIntentSchema, readIntent } from "~/platform/http/body.server";
import { refusalAnswer } from "~/platform/forms/reply.server";
import { CHILD_KINDS, childLinks, type ChildKind } from "~/components/catalogue/child-kinds";
import { fromFlag, idOf } from "~/platform/db/values";
import { useTranslation } from "~/platform/i18n/react";
import { Link } from "react-router";
import { RequiredToggle } from "~/components/catalogue/required-toggle";
import { ButtonLink } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { findClient, requiredFieldsOf, supportingTypesOf } from "~/modules/catalogue/queries.server";
import { categoryInScope, removeCategory } from "~/modules/catalogue/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { fieldTypeOf } from "~/modules/catalogue/field-types";
import { pick } from "~/utils/format";
import { getDb } from "~/platform/db/db.server";
import { linkTo, mustLinkTo } from "~/modules/access";
import { useArea } from "~/components/layout/area-shell";
import { areaOf, notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/category";
import { ScreenHeader, EditDeleteButtons } from "~/components/ui/screen-header";
import { DetailList } from "~/components/ui/detail-list";
import { pricedRows } from "~/components/catalogue/priced-fields";

/** A category with its required fields and supporting document types, and what can be done with them. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  const db = getDb();
  const category = await categoryInScope(db, idOf(params.id), principal);
  if (!category) throw notFound();
  return {
    category,
    client: await findClient(db, category.client_id),
    fields: await requiredFieldsOf(db, category.id),
    types: await supportingTypesOf(db, category.id),
    dialog: url.searchParams.get("dialog"),
    canIssue: principal.capabilities.has("request:issue"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const db = getDb();
  const area = areaOf(context)!;
  const category = await categoryInScope(db, idOf(params.id), principal);
  if (!category) throw notFound();
  await readIntent(request, deleteIntentSchema);
  const result = await removeCategory(db, category, principal);
  if (!result.ok) return refusalAnswer(result);
  return redirectWithToast(mustLinkTo(area, "categories"), {
    kind: "success",
    message: "catalogue.deleted",
    params: { name: { en: category.name_en, ar: category.name_ar } },
  });
}

export default function Category({ loaderData, actionData }: Route.ComponentProps) {
  const area = useArea();
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { category, client, fields, types } = loaderData;
  const name = pick(lng, category.name_en, category.name_ar);
  const bulk = loaderData.canIssue ? linkTo(area, "bulkIssue", { id: category.id }) : null;
  const children = {
    fields: fields.map((field) => ({
      id: field.id,
      isRequired: fromFlag(field.is_required),
      label: (
        <>
          <span className="font-medium">{pick(lng, field.name_en, field.name_ar)}</span>{" "}
          <code dir="ltr" className="text-sm text-gray-11">
            {field.field_name}
          </code>{" "}
          <span className="text-sm text-gray-11">· {t(`catalogue.fieldTypes.${fieldTypeOf(field.field_type)}`)}</span>
        </>
      ),
    })),
    types: types.map((type) => ({
      id: type.id,
      isRequired: fromFlag(type.is_required),
      label: <span className="font-medium">{pick(lng, type.document_type_en, type.document_type_ar)}</span>,
    })),
  };
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <ScreenHeader title={name} back={{ href: mustLinkTo(area, "categories"), label: t("catalogue.categories") }}>
        <ButtonLink to={mustLinkTo(area, "categoryRequests", { categoryId: category.id })} variant="soft">
          {t("catalogue.requests")}
        </ButtonLink>
        <ButtonLink to={mustLinkTo(area, "categoryTemplate", { id: category.id })} variant="outline">
          {t("templates.link")}
        </ButtonLink>
        {bulk ? (
          <ButtonLink to={bulk} variant="outline">
            {t("bulk.link")}
          </ButtonLink>
        ) : null}
        <EditDeleteButtons editHref={mustLinkTo(area, "categoryEdit", { id: category.id })} />
      </ScreenHeader>
      {actionData && "error" in actionData ? <Callout tone="error">{t(actionData.error)}</Callout> : null}
      {loaderData.dialog === "delete" ? <ConfirmDelete name={name} /> : null}
      <Card>
        <DetailList
          rows={[
            ...pricedRows(t, lng, category),
            [t("catalogue.client"), client ? pick(lng, client.name_en, client.name_ar) : "—"],
          ]}
        />
      </Card>

      {(["fields", "types"] as const).map((kind) => (
        <ChildSection
          key={kind}
          kind={kind}
          categoryId={category.id}
          back={mustLinkTo(area, "category", { id: category.id })}
          rows={children[kind]}
        />
      ))}
    </div>
  );
}

/** The category's required fields or supporting document types, each with toggle, edit and delete. */
function ChildSection({
  kind,
  categoryId,
  back,
  rows,
}: {
  kind: ChildKind;
  categoryId: number;
  back: string;
  rows: { id: number; isRequired: boolean; label: React.ReactNode }[];
}) {
  const { t } = useTranslation();
  const section = CHILD_KINDS[kind];
  const links = childLinks(kind, categoryId);
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t(section.title)}</h2>
        <ButtonLink to={links.create} variant="soft">
          {t(section.add)}
        </ButtonLink>
      </div>
      {rows.length === 0 ? (
        <p className="text-gray-11">{t(section.empty)}</p>
      ) : (
        <ul className="divide-y divide-gray-5" data-testid={section.testId}>
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>{row.label}</span>
              <span className="flex flex-wrap items-center gap-2">
                <RequiredToggle id={row.id} isRequired={row.isRequired} action={links.list} redirectTo={back} />
                <Link to={links.edit(row.id)} className="text-sm text-accent-11 underline">
                  {t("catalogue.edit")}
                </Link>
                <Link to={`${links.detail(row.id)}&dialog=delete`} className="text-sm text-red-11 underline">
                  {t("catalogue.delete")}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
