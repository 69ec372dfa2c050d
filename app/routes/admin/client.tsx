import { LinkListCard } from "~/components/ui/link-list-card";
import { refusalAnswer } from "~/platform/forms/reply.server";
import { deleteIntentSchema, readIntent } from "~/platform/http/body.server";
import { fromFlag, idOf } from "~/platform/db/values";
import { useTranslation } from "~/platform/i18n/react";
import { Link } from "react-router";
import { useArea } from "~/components/layout/area-shell";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { getDb } from "~/platform/db/db.server";
import { REQUEST_STATUSES } from "~/platform/db/schema";
import { linkTo, mustLinkTo, type Screen } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { countRequestsByStatus } from "~/modules/dashboard/queries.server";
import {
  adminsOfClient,
  clerksOfClient,
  documentCategoriesOfClient,
  findClient,
} from "~/modules/organisations/queries.server";
import { removeClient } from "~/modules/organisations/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { personName, pick, namedLinks } from "~/utils/format";
import type { Route } from "./+types/client";
import { ScreenHeader, EditDeleteButtons } from "~/components/ui/screen-header";
import { LinkOrText } from "~/components/ui/link-or-text";
import { bilingualRows, DetailList } from "~/components/ui/detail-list";

async function load(context: Route.LoaderArgs["context"], id: string) {
  const principal = requirePermission(principalOf(context), "client:manage");
  return { principal, client: requirePermission(principal, "client:manage", await findClient(getDb(), idOf(id))) };
}

/** A client with everything that belongs to it, each linking to its own page (docs/architecture.md §16). */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { client } = await load(context, params.id);
  const db = getDb();
  return {
    client,
    admins: await adminsOfClient(db, client.id),
    clerks: await clerksOfClient(db, client.id),
    categories: await documentCategoriesOfClient(db, client.id),
    requestCounts: await countRequestsByStatus(db, { clientId: client.id }),
    dialog: url.searchParams.get("dialog"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, client } = await load(context, params.id);
  await readIntent(request, deleteIntentSchema);
  const result = await removeClient(getDb(), client, principal);
  if (!result.ok) return refusalAnswer(result);
  return redirectWithToast(mustLinkTo(areaOf(context)!, "clients"), {
    kind: "success",
    message: "catalogue.deleted",
    params: { name: { en: client.name_en, ar: client.name_ar } },
  });
}

interface Person {
  id: number;
  first_name_en: string;
  last_name_en: string;
  first_name_ar: string;
  last_name_ar: string;
}

function PeopleSection({
  title,
  people,
  screen,
  empty,
  testId,
}: {
  title: string;
  people: Person[];
  screen: Screen | null;
  empty: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  const area = useArea();
  const items = people.map((person) => ({
    id: person.id,
    label: personName(i18n.language, person),
    href: screen ? linkTo(area, screen, { id: person.id }) : null,
  }));
  return <LinkListCard title={title} empty={empty} testId={testId} items={items} />;
}

export default function Client({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const lng = i18n.language;
  const { client, admins, clerks, categories, requestCounts } = loaderData;
  const name = pick(lng, client.name_en, client.name_ar);
  const categoryHref = linkTo(area, "clientCategory", { id: client.client_category_id });
  const primaryHref = client.client_admin_id ? linkTo(area, "clientAdmin", { id: client.client_admin_id }) : null;
  const primaryName = client.client_admin_id
    ? pick(lng, `${client.admin_first_en} ${client.admin_last_en}`, `${client.admin_first_ar} ${client.admin_last_ar}`)
    : null;
  const references =
    actionData && "details" in actionData ? Object.entries(actionData.details).filter(([, count]) => count > 0) : [];
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <ScreenHeader title={name} back={{ href: mustLinkTo(area, "clients"), label: t("admin.clients") }}>
        <EditDeleteButtons editHref={mustLinkTo(area, "clientEdit", { id: client.id })} />
      </ScreenHeader>
      {references.length > 0 ? (
        <Callout tone="error">
          <p>{t("admin.clientInUse")}</p>
          <ul className="list-disc ps-5" data-testid="client-references">
            {references.map(([kind, count]) => (
              <li key={kind}>{t(`admin.references.${kind}`, { count })}</li>
            ))}
          </ul>
        </Callout>
      ) : null}
      {loaderData.dialog === "delete" ? <ConfirmDelete name={name} /> : null}
      <Card>
        <DetailList
          rows={[
            ...bilingualRows([t("catalogue.nameEnglish"), t("catalogue.nameArabic")], [client.name_en, client.name_ar]),
            ...bilingualRows(
              [t("admin.addressEnglish"), t("admin.addressArabic")],
              [client.address_en ?? t("profile.notProvided"), client.address_ar ?? t("profile.notProvided")],
            ),
            [
              t("admin.clientCategory"),
              <LinkOrText key="category" to={categoryHref}>
                {pick(lng, client.category_en, client.category_ar)}
              </LinkOrText>,
              "client-category",
            ],
            [
              t("admin.primaryClientAdmin"),
              primaryName === null ? (
                t("admin.noPrimaryAdmin")
              ) : (
                <LinkOrText key="admin" to={primaryHref}>
                  {primaryName}
                </LinkOrText>
              ),
              "primary-admin",
            ],
            [t("admin.canDoSincera"), t(fromFlag(client.can_do_sincera) ? "requests.yes" : "requests.no")],
            [t("admin.canDoAttestation"), t(fromFlag(client.can_do_attestation) ? "requests.yes" : "requests.no")],
          ]}
        />
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t("admin.requestsByStatus")}</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="client-request-counts">
          {REQUEST_STATUSES.map((status) => {
            const href = linkTo(area, "clientRequests", { clientId: client.id }, { status });
            const count = requestCounts[status] ?? 0;
            return (
              <div key={status} className="rounded-md border border-gray-6 p-3">
                <dt className="text-sm text-gray-11">{t(`status.${status}`)}</dt>
                <dd className="text-2xl font-bold">
                  <LinkOrText to={href}>{count}</LinkOrText>
                </dd>
              </div>
            );
          })}
        </dl>
        {linkTo(area, "clientRequests", { clientId: client.id }) ? (
          <Link
            to={linkTo(area, "clientRequests", { clientId: client.id })!}
            className="mt-3 inline-block text-sm text-accent-11 underline"
          >
            {t("admin.allRequestsOfClient")}
          </Link>
        ) : null}
      </Card>
      <PeopleSection
        title={t("admin.clientAdmins")}
        people={admins}
        screen="clientAdmin"
        empty={t("admin.noAdminsOfClient")}
        testId="client-admins"
      />
      <PeopleSection
        title={t("nav.clerks")}
        people={clerks}
        screen={null}
        empty={t("admin.noClerksOfClient")}
        testId="client-clerks"
      />
      <LinkListCard
        title={t("nav.documentCategories")}
        empty={t("admin.noCategoriesOfClient")}
        testId="client-categories"
        items={namedLinks(lng, categories, (id) => linkTo(area, "category", { id: id }))}
      />
    </div>
  );
}
