import { personCell, StaffTable, statusCell } from "~/components/ui/staff-table";
import { FilterSelect } from "~/components/ui/filter-select";
import { useArea } from "~/components/layout/area-shell";
import { StatusSelect } from "~/components/requests/status-select";
import { getDb } from "~/platform/db/db.server";
import { ATTESTATION_STATUSES } from "~/platform/db/schema";
import { linkTo } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { clientsWithAttestations, listAttestations } from "~/modules/attestations/queries.server";
import { ExportLink } from "~/components/ui/export-link";
import { ListFilters } from "~/components/ui/list-filters";
import { listScreenData } from "~/platform/paging";
import { formatDate, personName, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import { attestationListFilterOf } from "~/modules/attestations/staff-list.server";
import type { Route } from "./+types/staff-attestations";
import { ScreenHeader } from "~/components/ui/screen-header";
import { useCalendar } from "~/utils/calendar";

/**
 * The attestations staff decide on (docs/architecture.md §6.4): a clerk's client's, or (super admin) every client's with
 * a client filter. One module, mounted in each area.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "attestation:review");
  const db = getDb();
  return listScreenData(request, async ({ page, size }, url) => {
    const filter = attestationListFilterOf(principal, url);
    const { clientId, status, q } = filter;
    return {
      ...(await listAttestations(db, { page, size, ...filter })),
      clients: principal.scope.kind === "all" ? await clientsWithAttestations(db) : null,
      filters: { status: status ?? "", q, client: clientId ? String(clientId) : "" },
    };
  });
}

export default function StaffAttestations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const area = useArea();
  const { rows, filters, clients } = loaderData;
  const title = t("attestations.title");
  return (
    <div className="flex flex-col gap-5">
      <ScreenHeader title={title}>
        <ExportLink />
      </ScreenHeader>
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
      <StaffTable
        label={title}
        rows={rows}
        testId="staff-attestations"
        empty={t("attestations.staffEmpty")}
        paging={loaderData}
        hrefOf={(row) => linkTo(area, "attestation", { id: row.id }) ?? "#"}
        columns={[
          { header: t("attestations.documentName"), cell: (row) => <bdi>{row.document_name}</bdi> },
          { header: t("attestations.beneficiary"), cell: (row) => personCell(personName(lng, row), row.email) },
          clients ? { header: t("attestations.client"), cell: (row) => pick(lng, row.client_en, row.client_ar) } : null,
          { header: t("staff.status"), cell: (row) => statusCell(row.status) },
          { header: t("staff.created"), cell: (row) => formatDate(row.created_at, lng, calendar) },
        ]}
      />
    </div>
  );
}
