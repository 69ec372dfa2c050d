import { LinkListCard } from "~/components/ui/link-list-card";
import { refusalAnswer } from "~/platform/forms/reply.server";
import { deleteIntentSchema, readIntent } from "~/platform/http/body.server";
import { idOf } from "~/platform/db/values";
import { useTranslation } from "~/platform/i18n/react";
import { useArea } from "~/components/layout/area-shell";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { getDb } from "~/platform/db/db.server";
import { linkTo, mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { clientsOfCategory, findClientCategory } from "~/modules/organisations/queries.server";
import { removeClientCategory } from "~/modules/organisations/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick, namedLinks } from "~/utils/format";
import type { Route } from "./+types/client-category";
import { ScreenHeader, EditDeleteButtons } from "~/components/ui/screen-header";
import { DetailList } from "~/components/ui/detail-list";
import { pricedRows } from "~/components/catalogue/priced-fields";

async function load(context: Route.LoaderArgs["context"], id: string, capability: "clientCategory:manage") {
  const principal = requirePermission(principalOf(context), capability);
  const found = await findClientCategory(getDb(), idOf(id));
  // Client categories belong to no client: the platform's admins see them all.
  return { principal, category: requirePermission(principal, capability, found) };
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { category } = await load(context, params.id, "clientCategory:manage");
  return {
    category,
    clients: await clientsOfCategory(getDb(), category.id),
    dialog: url.searchParams.get("dialog"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, category } = await load(context, params.id, "clientCategory:manage");
  await readIntent(request, deleteIntentSchema);
  const removed = await removeClientCategory(getDb(), category, principal);
  if (!removed.ok) return refusalAnswer(removed);
  return redirectWithToast(mustLinkTo(areaOf(context)!, "clientCategories"), {
    kind: "success",
    message: "catalogue.deleted",
    params: { name: { en: category.name_en, ar: category.name_ar } },
  });
}

export default function ClientCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const lng = i18n.language;
  const { category, clients } = loaderData;
  const name = pick(lng, category.name_en, category.name_ar);
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <ScreenHeader
        title={name}
        back={{ href: mustLinkTo(area, "clientCategories"), label: t("admin.clientCategories") }}
      >
        <EditDeleteButtons editHref={mustLinkTo(area, "clientCategoryEdit", { id: category.id })} />
      </ScreenHeader>
      {actionData && "error" in actionData ? (
        <Callout tone="error">{t(actionData.error, { count: clients.length })}</Callout>
      ) : null}
      {loaderData.dialog === "delete" ? <ConfirmDelete name={name} /> : null}
      <Card>
        <DetailList rows={[...pricedRows(t, lng, category)]} />
      </Card>
      <LinkListCard
        title={t("admin.clientsOfCategory")}
        empty={t("admin.noClientsOfCategory")}
        testId="category-clients"
        items={namedLinks(lng, clients, (id) => linkTo(area, "client", { id: id }))}
      />
    </div>
  );
}
