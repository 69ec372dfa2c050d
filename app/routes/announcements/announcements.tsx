import { href } from "react-router";
import { useArea } from "~/components/layout/area-shell";
import { ButtonLink } from "~/components/ui/button";
import { PageTitle } from "~/components/ui/page-title";
import { StatusList } from "~/components/ui/status-rows";
import { getDb } from "~/platform/db/db.server";
import { linkTo, scopeFilter } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listAnnouncements } from "~/modules/announcements/queries.server";
import { ExportLink } from "~/components/ui/export-link";
import { ANNOUNCEMENT_STATUSES, announcementStatusFilterSchema } from "~/modules/announcements/schema";
import { listScreenData } from "~/platform/paging";
import { formatDate, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/announcements";
import { useCalendar } from "~/utils/calendar";

/** The client's announcements, drafts and published (docs/architecture.md §6.5); the super admin's: every client's. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "announcement:publish");
  const data = await listScreenData(url, async ({ page, size }, url) => {
    const status = announcementStatusFilterSchema.parse(url.searchParams.get("status") || undefined);
    return {
      ...(await listAnnouncements(getDb(), { page, size, status, ...scopeFilter(principal) })),
      status: status ?? "",
    };
  });
  return {
    ...data,
    acrossClients: principal.scope.kind === "all",
    clientId: principal.clientId,
  };
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const area = useArea();
  const { rows, status, acrossClients, clientId } = loaderData;
  const create = linkTo(area, "announcementCreate");
  const title = t("announcements.title");
  return (
    <div className="flex flex-col gap-5">
      <PageTitle title={title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <ExportLink />
          {clientId ? (
            <a
              href={href("/organisations/:clientId/announcements", { clientId: String(clientId) })}
              className="text-sm text-accent-11 underline"
            >
              {t("announcements.publicList")}
            </a>
          ) : null}
          {create ? <ButtonLink to={create}>{t("announcements.new")}</ButtonLink> : null}
        </div>
      </div>
      <StatusList
        statuses={ANNOUNCEMENT_STATUSES}
        status={status ?? ""}
        statusLabel={t("staff.status")}
        empty={{ message: t("announcements.empty"), filtered: t("announcements.emptyFiltered") }}
        add={{ href: create, label: t("announcements.new") }}
        testId="announcements"
        paging={loaderData}
        rows={rows.map((row) => ({
          key: row.id,
          to: linkTo(area, "announcement", { id: row.id }) ?? "#",
          title: pick(lng, row.title_en, row.title_ar),
          subtitle: `${acrossClients ? `${pick(lng, row.client_en, row.client_ar)} · ` : ""}${row.published_at ? t("announcements.publishedOn", { date: formatDate(row.published_at, lng, calendar) }) : t("announcements.editedOn", { date: formatDate(row.updated_at, lng, calendar) })}`,
          status: row.status,
        }))}
      />
    </div>
  );
}
