import { useTranslation } from "~/platform/i18n/react";
import { Email } from "~/components/ui/unbroken";
import { FilterSelect } from "~/components/ui/filter-select";
import { Link } from "react-router";
import { Form } from "~/components/forms/form-token";
import { Button } from "~/components/ui/button";
import { useArea } from "~/components/layout/area-shell";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ExportLink } from "~/components/ui/export-link";
import { ListHeader } from "~/components/ui/list-header";
import { NinStatus } from "./nin-status";
import { Pagination } from "~/components/ui/pagination";
import { linkTo, mustLinkTo } from "~/modules/access";
import { PERSON_KINDS } from "~/modules/people/kinds";
import type { ManagedRole } from "~/modules/people/schema";
import { formatDate, personName, type PersonNames, pick, namedOptions } from "~/utils/format";
import { EmptyList } from "~/components/ui/empty-list";
import { useCalendar } from "~/utils/calendar";

export interface PersonRow extends PersonNames {
  id: number;
  email: string;
  status: string;
  client_id: number | null;
  client_en: string | null;
  client_ar: string | null;
  job_title?: string | null;
  last_sign_in_at?: string | null;
  open_sessions?: number | null;
  requests_handled?: number | null;
  /** Beneficiaries: whether their national ID is verified, and whether another account held it too. */
  nin_verified_at?: string | null;
  nin_verified_method?: string | null;
  nin_duplicate?: number;
}

interface ClientOption {
  id: number;
  name_en: string;
  name_ar: string;
}

/**
 * The list of service admins, client admins or clerks: search by name or email, paging, empty state.
 * Clerks show their work (job title, requests acted on) or, in the `access` view, their last sign-in
 * and open sessions; the super admin filters them by client.
 */
export function PeopleList({
  role,
  rows,
  q,
  page,
  size,
  total,
  view = "work",
  clients = null,
  clientId = null,
}: {
  role: ManagedRole;
  rows: PersonRow[];
  q: string;
  page: number;
  size: number;
  total: number;
  view?: "work" | "access";
  clients?: ClientOption[] | null;
  clientId?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const lng = i18n.language;
  const kind = PERSON_KINDS[role];
  // The clerk users (the access view of the same clerks) link to their own screens.
  const screens =
    view === "access" ? { create: "clerkUserCreate" as const, detail: "clerkUser" as const } : kind.screens;
  const create = mustLinkTo(area, screens.create);
  return (
    <div className="flex flex-col gap-5">
      <ListHeader
        title={t(view === "access" ? "admin.clerkUsers" : kind.labels.list)}
        addHref={create}
        addLabel={t(kind.labels.create)}
        searchLabel="admin.searchPeople"
        q={q}
        actions={<ExportLink />}
      />
      {clients ? (
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          <FilterSelect
            name="client"
            label={t("admin.filterByClient")}
            value={String(clientId ?? "")}
            allLabel={t("admin.allClients")}
            options={namedOptions(lng, clients)}
          />
          {q ? <input type="hidden" name="q" value={q} /> : null}
          <Button type="submit" variant="outline">
            {t("admin.applyFilter")}
          </Button>
        </Form>
      ) : null}
      {rows.length === 0 ? (
        <EmptyList
          searched={Boolean(q)}
          message={t(kind.labels.empty)}
          addHref={create}
          addLabel={t(kind.labels.create)}
        />
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-gray-5" data-testid="people">
            {rows.map((row) => {
              const clientHref = row.client_id ? linkTo(area, "client", { id: row.client_id }) : null;
              const clientName = row.client_id ? pick(lng, row.client_en ?? "", row.client_ar ?? "") : null;
              return (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                  <div className="flex min-w-0 flex-col">
                    <Link
                      to={mustLinkTo(area, screens.detail, { id: row.id })}
                      className="font-medium text-accent-11 underline"
                    >
                      {personName(lng, row)}
                    </Link>
                    <Email address={row.email} className="text-sm text-gray-11" />
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    {role === "CLERK" ? <ClerkFacts row={row} view={view} showClient={Boolean(clients)} /> : null}
                    {role === "CLIENT_ADMIN" ? (
                      clientHref ? (
                        <Link to={clientHref} className="text-accent-11 underline">
                          {clientName}
                        </Link>
                      ) : (
                        <span className="text-gray-11">{clientName ?? t("admin.noClientYet")}</span>
                      )
                    ) : null}
                    {role === "BENEFICIARY" ? (
                      <>
                        <NinStatus verifiedAt={row.nin_verified_at ?? null} method={row.nin_verified_method ?? null} />
                        {row.nin_duplicate ? <Badge variant="warning">{t("identity.duplicate")}</Badge> : null}
                      </>
                    ) : null}
                    <Badge variant={row.status === "ACTIVE" ? "success" : "secondary"}>
                      {t(`status.${row.status}`)}
                    </Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
      <Pagination page={page} size={size} total={total} />
    </div>
  );
}

function ClerkFacts({ row, view, showClient }: { row: PersonRow; view: "work" | "access"; showClient: boolean }) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const facts =
    view === "access"
      ? [
          row.last_sign_in_at
            ? t("admin.lastSignIn", { date: formatDate(row.last_sign_in_at, lng, calendar) })
            : t("admin.neverSignedIn"),
          t("admin.openSessions", { count: Number(row.open_sessions ?? 0) }),
        ]
      : [row.job_title ?? "", t("admin.requestsHandled", { count: Number(row.requests_handled ?? 0) })];
  return (
    <span className="flex flex-wrap gap-3 text-gray-11" data-testid="clerk-facts">
      {showClient && row.client_id ? <span>{pick(lng, row.client_en ?? "", row.client_ar ?? "")}</span> : null}
      {facts.filter(Boolean).map((fact) => (
        <span key={fact}>{fact}</span>
      ))}
    </span>
  );
}
