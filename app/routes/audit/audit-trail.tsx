import { ClientFilter, StaffListScreen } from "~/components/ui/staff-list-screen";
import { DateFilter } from "~/components/ui/date-filter";
import { FilterSelect } from "~/components/ui/filter-select";
import { Field } from "~/components/ui/field";
import { getDb } from "~/platform/db/db.server";
import { scopeFilter } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { clientsForTrail, listAuditTrail } from "~/modules/audit/queries.server";
import { AUDITED_OBJECTS } from "~/modules/audit/objects";
import { auditTrailFilterOf } from "~/modules/audit/trail.server";
import { listScreenData } from "~/platform/paging";
import { formatDateTime, pick } from "~/utils/format";
import { useCalendar } from "~/utils/calendar";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/audit-trail";

/** The action groups of the filter: the first part of every action the service writes (`request`, `auth`...). */
const ACTION_GROUPS = [
  "request",
  "attestation",
  "auth",
  "profile",
  "category",
  "required_field",
  "supporting_type",
  "announcement",
  "client",
  "security",
  "bulk",
  "webhook",
  "beneficiary",
] as const;

/**
 * The audit trail (docs/architecture.md §22): the super admin reads every client's events, a client admin their
 * client's, filtered by person, action, object, client and dates, a page at a time, and downloads them.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "audit:read");
  const db = getDb();
  return listScreenData(
    url,
    async ({ page, size }, url) => {
      const filter = auditTrailFilterOf(scopeFilter(principal).clientId, url);
      return {
        ...(await listAuditTrail(db, { ...filter, page, size })),
        clients: principal.scope.kind === "all" ? await clientsForTrail(db) : null,
        filters: {
          action: filter.action ?? "",
          object: filter.entityType ?? "",
          objectId: filter.entityId ? String(filter.entityId) : "",
          client: principal.scope.kind === "all" && filter.clientId ? String(filter.clientId) : "",
          from: filter.from ?? "",
          to: filter.to ?? "",
        },
      };
    },
    25,
  );
}

export default function AuditTrail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const calendar = useCalendar(lng);
  const { rows, filters, clients, q } = loaderData;
  const title = t("audit.trail.title");
  return (
    <StaffListScreen
      title={title}
      intro={
        // How to check the chain is a command on the server: said to the super admin, who runs it, not to a client's.
        <p className="text-sm text-gray-11">{t(clients ? "audit.trail.intro" : "audit.trail.introClient")}</p>
      }
      search={{ label: t("audit.trail.searchLabel"), q: q }}
      filters={
        <>
          <FilterSelect
            name="action"
            label={t("audit.trail.actionFilter")}
            value={filters.action}
            allLabel={t("audit.trail.allActions")}
            options={ACTION_GROUPS.map((group) => ({
              value: group,
              label: t(`audit.groups.${group}`),
            }))}
          />
          <FilterSelect
            name="object"
            label={t("audit.trail.objectFilter")}
            value={filters.object}
            allLabel={t("audit.trail.allObjects")}
            options={AUDITED_OBJECTS.map((kind) => ({ value: kind, label: t(`audit.objects.${kind}`) }))}
          />
          <Field
            id="objectId"
            name="objectId"
            label={t("audit.trail.objectId")}
            defaultValue={filters.objectId}
            inputMode="numeric"
          />
          <ClientFilter
            clients={clients}
            value={filters.client}
            label={t("audit.trail.clientFilter")}
            allLabel={t("audit.trail.allClients")}
          />
          <DateFilter name="from" label={t("audit.trail.from")} value={filters.from} />
          <DateFilter name="to" label={t("audit.trail.to")} value={filters.to} />
        </>
      }
      table={{
        rows: rows,
        testId: "audit-trail",
        empty: t("audit.trail.empty"),
        paging: loaderData,
        columns: [
          {
            header: t("audit.trail.at"),
            // The HTTP request that wrote it, as a detail beneath: what a log line is found by.
            cell: (row) => (
              <>
                {formatDateTime(row.at, lng, calendar)}
                {row.request_id ? (
                  <>
                    {" "}
                    <span className="block text-xs text-gray-11">
                      {t("audit.trail.httpRequest")}{" "}
                      <code dir="ltr" className="break-all">
                        {row.request_id}
                      </code>
                    </span>
                  </>
                ) : null}
              </>
            ),
          },
          {
            header: t("audit.trail.person"),
            cell: (row) =>
              row.actor_email ? (
                <bdi>{row.actor_email}</bdi>
              ) : (
                <span className="text-gray-11">{t("audit.trail.system")}</span>
              ),
          },
          { header: t("audit.trail.action"), cell: (row) => t([`audit.actions.${row.action}`, "audit.actions.other"]) },
          {
            header: t("audit.trail.object"),
            // What it acted on by its number: "Request #12", the number a clerk knows it by.
            cell: (row) =>
              row.entity_type
                ? row.entity_id
                  ? t("audit.trail.objectNumber", {
                      object: t(`audit.objects.${row.entity_type}`, { defaultValue: row.entity_type }),
                      id: row.entity_id,
                    })
                  : t(`audit.objects.${row.entity_type}`, { defaultValue: row.entity_type })
                : "—",
          },
          clients
            ? {
                header: t("audit.trail.client"),
                cell: (row) => (row.client_en ? pick(lng, row.client_en, row.client_ar ?? row.client_en) : "—"),
              }
            : null,
        ],
      }}
    />
  );
}
