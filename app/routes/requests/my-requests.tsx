import { href } from "react-router";
import { useTranslation } from "~/platform/i18n/react";
import { ButtonLink } from "~/components/ui/button";
import { PageTitle } from "~/components/ui/page-title";
import { StatusList } from "~/components/ui/status-rows";
import { getDb } from "~/platform/db/db.server";
import { REQUEST_STATUSES } from "~/platform/db/schema";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listRequestsOfBeneficiary } from "~/modules/requests/queries.server";
import { statusFilterSchema } from "~/modules/requests/schema";
import { listScreenData } from "~/platform/paging";
import { formatDate, pick } from "~/utils/format";
import type { Route } from "./+types/my-requests";
import { useCalendar } from "~/utils/calendar";

/** My requests: mine only, newest first, paged, filterable by status. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requirePermission(principalOf(context), "request:submit");
  return listScreenData(url, async (paging, url) => {
    const status = statusFilterSchema.parse(url.searchParams.get("status") || undefined);
    return { ...(await listRequestsOfBeneficiary(getDb(), user.id, { ...paging, status })), status: status ?? "" };
  });
}

export default function MyRequests({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const { rows, status } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      <PageTitle title={t("requests.myRequests")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("requests.myRequests")}</h1>
        <ButtonLink to={href("/beneficiary/request-document/create")}>{t("requests.newRequest")}</ButtonLink>
      </div>
      <StatusList
        statuses={REQUEST_STATUSES}
        status={status ?? ""}
        statusLabel={t("requests.status")}
        empty={{ message: t("requests.empty"), filtered: t("requests.emptyFiltered") }}
        add={{ href: href("/beneficiary/request-document/create"), label: t("requests.newRequest") }}
        testId="my-requests"
        paging={loaderData}
        rows={rows.map((row) => ({
          key: row.id,
          to: href("/beneficiary/request-document/:id", { id: String(row.id) }),
          title: (
            <>
              {pick(lng, row.category_en, row.category_ar)}{" "}
              <span className="text-gray-11">· {pick(lng, row.client_en, row.client_ar)}</span>
            </>
          ),
          subtitle: `${t("requests.number", { id: row.id })} · ${formatDate(row.created_at, lng, calendar)}`,
          status: row.status,
        }))}
      />
    </div>
  );
}
