import { Link } from "react-router";
import { Email } from "~/components/ui/unbroken";
import { FilterSelect } from "~/components/ui/filter-select";
import { useArea } from "~/components/layout/area-shell";
import { StatusBadge } from "~/components/requests/status-badge";
import { StatusSelect } from "~/components/requests/status-select";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { Pagination } from "~/components/ui/pagination";
import { getDb } from "~/db/db.server";
import { ATTESTATION_STATUSES } from "~/db/schema";
import { linkTo } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { clientsWithAttestations, listAttestations } from "~/modules/attestations/queries.server";
import { ExportLink } from "~/components/ui/export-link";
import { ListFilters } from "~/components/ui/list-filters";
import { pagingOf } from "~/platform/paging";
import { formatDate, personName, pick } from "~/utils/format";
import { useTranslation } from "~/utils/i18n";
import { attestationListFilterOf } from "~/modules/attestations/staff-list.server";
import type { Route } from "./+types/staff-attestations";

/**
 * The attestations staff decide on (docs/architecture.md §6.4): a clerk's client's, or (super admin) every client's with
 * a client filter. One module, mounted in each area.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "attestation:review");
  const db = getDb();
  const url = new URL(request.url);
  const acrossClients = principal.scope.kind === "all";
  const filter = attestationListFilterOf(principal, url);
  const { clientId, status, q } = filter;
  const paging = pagingOf(url);
  const { total, rows } = await listAttestations(db, { ...paging, ...filter });
  return {
    rows,
    total,
    ...paging,
    clients: acrossClients ? await clientsWithAttestations(db) : null,
    filters: { status: status ?? "", q, client: clientId ? String(clientId) : "" },
  };
}

export default function StaffAttestations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const area = useArea();
  const { rows, filters, clients } = loaderData;
  const title = t("attestations.title");
  return (
    <div className="flex flex-col gap-5">
      <PageTitle title={title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <ExportLink />
      </div>
      <ListFilters searchLabel={t("attestations.searchLabel")} q={filters.q}>
        <StatusSelect statuses={ATTESTATION_STATUSES} value={filters.status} label={t("staff.status")} />
        {clients ? (
          <FilterSelect
            name="client"
            label={t("attestations.client")}
            value={filters.client}
            allLabel={t("attestations.allClients")}
            options={clients.map((client) => ({ value: client.id, label: pick(lng, client.name_en, client.name_ar) }))}
          />
        ) : null}
      </ListFilters>
      {rows.length === 0 ? (
        <Card data-testid="empty">
          <p className="text-gray-11">{t("attestations.staffEmpty")}</p>
        </Card>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-6 bg-white">
          <table className="w-full text-sm" data-testid="staff-attestations">
            <thead className="bg-gray-2">
              <tr>
                <th className="px-4 py-2 text-start">#</th>
                <th className="px-4 py-2 text-start">{t("attestations.documentName")}</th>
                <th className="px-4 py-2 text-start">{t("attestations.beneficiary")}</th>
                {clients ? <th className="px-4 py-2 text-start">{t("attestations.client")}</th> : null}
                <th className="px-4 py-2 text-start">{t("staff.status")}</th>
                <th className="px-4 py-2 text-start">{t("staff.created")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-5">
              {rows.map((row) => (
                <tr key={row.id} className="hover:bg-gray-2">
                  <td className="px-4 py-2">
                    <Link
                      to={linkTo(area, "attestation", { id: row.id }) ?? "#"}
                      className="font-medium text-accent-11 underline"
                    >
                      {row.id}
                    </Link>
                  </td>
                  <td className="px-4 py-2">
                    <bdi>{row.document_name}</bdi>
                  </td>
                  <td className="px-4 py-2">
                    <span className="block">{personName(lng, row)}</span>
                    <Email address={row.email} className="block text-gray-11" />
                  </td>
                  {clients ? <td className="px-4 py-2">{pick(lng, row.client_en, row.client_ar)}</td> : null}
                  <td className="px-4 py-2">
                    <StatusBadge status={row.status} />
                  </td>
                  <td className="px-4 py-2">{formatDate(row.created_at, lng)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={loaderData.page} size={loaderData.size} total={loaderData.total} />
    </div>
  );
}
