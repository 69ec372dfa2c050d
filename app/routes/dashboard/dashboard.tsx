import { useTranslation } from "~/platform/i18n/react";
import { Link } from "react-router";
import { useArea } from "~/components/layout/area-shell";
import { StatusBadge } from "~/components/requests/status-badge";
import { ButtonLink } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { REQUEST_STATUSES } from "~/platform/db/schema";
import { linkTo, mustLinkTo, type Screen } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { bilingualKey } from "~/platform/i18n/languages";
import { fullName } from "~/modules/auth/session-user";
import { dashboardFor } from "~/modules/dashboard/service.server";
import { formatDate } from "~/utils/format";
import type { Route } from "./+types/dashboard";
import { LinkOrText } from "~/components/ui/link-or-text";
import { useCalendar } from "~/utils/calendar";

/** One dashboard for every area (mounted five times); the figures follow the user's role. */
export async function loader({ context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "profile:read");
  return { user: principal.user, dashboard: await dashboardFor(getDb(), principal) };
}

/** The list each figure of the admins' dashboards opens (where the area has that list). */
const FIGURE_SCREENS: Partial<Record<string, { screen: Screen; search?: Record<string, string> }>> = {
  serviceAdmins: { screen: "serviceAdmins" },
  clientAdmins: { screen: "clientAdmins" },
  clients: { screen: "clients" },
  clientCategories: { screen: "clientCategories" },
  clerks: { screen: "clerks" },
  beneficiaries: { screen: "beneficiaries" },
  documentCategories: { screen: "categories" },
  attestations: { screen: "attestations" },
  documentRequests: { screen: "workQueue" },
  issuedDocuments: { screen: "workQueue", search: { status: "COMPLETED" } },
};

/** Requests by status; each figure opens the list filtered by it (`listOf(status)`, all of them without one). */
function StatusCounts({
  byStatus,
  listOf,
}: {
  byStatus: Partial<Record<string, number>>;
  listOf: (status?: string) => string | null;
}) {
  const { t } = useTranslation();
  const total = Object.values(byStatus).reduce<number>((sum, count) => sum + (count ?? 0), 0);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="status-counts">
      {REQUEST_STATUSES.map((status) => (
        <div key={status} className="rounded-md bg-gray-2 p-3">
          <dt>
            <StatusBadge status={status} />
          </dt>
          <dd className="mt-2 text-2xl font-bold" data-status={status}>
            <FigureLink to={listOf(status)}>{byStatus[status] ?? 0}</FigureLink>
          </dd>
        </div>
      ))}
      <div className="rounded-md bg-accent-2 p-3">
        <dt className="text-sm font-semibold">{t("dashboard.total")}</dt>
        <dd className="mt-2 text-2xl font-bold">
          <FigureLink to={listOf()}>{total}</FigureLink>
        </dd>
      </div>
    </dl>
  );
}

/** A figure that opens the list it counts, where the viewer may open it. */
function FigureLink({ to, children }: { to: string | null; children: React.ReactNode }) {
  return (
    <LinkOrText to={to} className="text-accent-11 underline decoration-1 underline-offset-4 hover:decoration-2">
      {children}
    </LinkOrText>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const { user, dashboard } = loaderData;
  const area = useArea();
  const lng = bilingualKey(i18n.language);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={t("dashboard.title")} />
      <div>
        <h1 className="text-2xl font-bold">{t("dashboard.welcome", { name: fullName(user, lng) })}</h1>
        <p className="text-gray-11">
          {t(`roles.${user.role}`)}
          {user.client ? (
            <span data-testid="organisation"> · {lng === "english" ? user.client.nameEn : user.client.nameAr}</span>
          ) : null}
        </p>
      </div>

      {dashboard.kind === "beneficiary" ? (
        <>
          <Card>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-semibold">{t("dashboard.myRequestsByStatus")}</h2>
              <ButtonLink to={mustLinkTo(area, "requestDocument")}>{t("dashboard.requestDocument")}</ButtonLink>
            </div>
            <StatusCounts
              byStatus={dashboard.byStatus}
              listOf={(status) => linkTo(area, "myRequests", {}, { status })}
            />
          </Card>
          <Card>
            <h2 className="mb-3 text-lg font-semibold">{t("dashboard.latestRequests")}</h2>
            {dashboard.latest.length === 0 ? (
              <p className="text-gray-11">{t("dashboard.noRequests")}</p>
            ) : (
              <ul className="divide-y divide-gray-5" data-testid="latest-requests">
                {dashboard.latest.map((request) => (
                  <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div>
                      <p className="font-medium">
                        <Link
                          to={mustLinkTo(area, "myRequest", { id: request.id })}
                          className="text-accent-11 underline"
                        >
                          {lng === "english" ? request.category_en : request.category_ar}
                        </Link>
                        <span className="text-gray-11">
                          {" "}
                          · {lng === "english" ? request.client_en : request.client_ar}
                        </span>
                      </p>
                      <p className="text-sm text-gray-11">
                        {t("dashboard.requestNumber", { id: request.id })} ·{" "}
                        {t("dashboard.createdOn", { date: formatDate(request.created_at, i18n.language, calendar) })}
                      </p>
                    </div>{" "}
                    <StatusBadge status={request.status} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      ) : null}

      {dashboard.kind === "staff" && !user.client ? (
        <Callout tone="info">
          <p data-testid="not-assigned">{t("dashboard.notAssigned")}</p>
        </Callout>
      ) : null}

      {dashboard.kind === "staff" && user.client ? (
        <Card>
          <h2 className="mb-4 text-lg font-semibold">
            {t("dashboard.clientRequests", { client: lng === "english" ? user.client.nameEn : user.client.nameAr })}
          </h2>
          <StatusCounts byStatus={dashboard.byStatus} listOf={(status) => linkTo(area, "workQueue", {}, { status })} />
          {linkTo(area, "categoriesDashboard") ? (
            <p className="mt-4 text-sm">
              <Link to={linkTo(area, "categoriesDashboard")!} className="text-accent-11 underline">
                {t("dashboard.byCategory")}
              </Link>
            </p>
          ) : null}
        </Card>
      ) : null}

      {dashboard.kind === "counts" ? (
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t("dashboard.managed")}</h2>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3" data-testid="entity-counts">
            {Object.entries(dashboard.counts).map(([key, count]) => {
              const figure = FIGURE_SCREENS[key];
              const href = figure ? linkTo(area, figure.screen, {}, figure.search) : null;
              return (
                <div key={key} className="rounded-md bg-gray-2 p-3">
                  <dt className="text-sm text-gray-11">
                    <LinkOrText to={href}>{t(`dashboard.counts.${key}`)}</LinkOrText>
                  </dt>
                  <dd className="mt-1 text-2xl font-bold" data-count={key}>
                    <FigureLink to={href}>{count}</FigureLink>
                  </dd>
                </div>
              );
            })}
          </dl>
        </Card>
      ) : null}
    </div>
  );
}
