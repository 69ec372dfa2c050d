import { ClientFilter, StaffListScreen } from "~/components/ui/staff-list-screen";
import { personCell, statusCell } from "~/components/ui/staff-table";
import { useArea } from "~/components/layout/area-shell";
import { StatusSelect } from "~/components/requests/status-select";
import { getDb } from "~/platform/db/db.server";
import { ATTESTATION_STATUSES } from "~/platform/db/schema";
import { linkTo } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { clientsWithAttestations, listAttestations } from "~/modules/attestations/queries.server";
import { listScreenData } from "~/platform/paging";
import { formatDate, personName, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import { attestationListFilterOf } from "~/modules/attestations/staff-list.server";
import type { Route } from "./+types/staff-attestations";
import { useCalendar } from "~/utils/calendar";

/**
 * The attestations staff decide on (docs/architecture.md §6.4): a clerk's client's, or (super admin) every client's with
 * a client filter. One module, mounted in each area.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "attestation:review");
  const db = getDb();
  return listScreenData(url, async ({ page, size }, url) => {
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
    <StaffListScreen
      title={title}
      search={{ label: t("attestations.searchLabel"), q: filters.q }}
      filters={
        <>
          <StatusSelect statuses={ATTESTATION_STATUSES} value={filters.status} label={t("staff.status")} />
          <ClientFilter
            clients={clients}
            value={filters.client}
            label={t("attestations.client")}
            allLabel={t("attestations.allClients")}
          />
        </>
      }
      table={{
        rows: rows,
        testId: "staff-attestations",
        empty: t("attestations.staffEmpty"),
        paging: loaderData,
        hrefOf: (row) => linkTo(area, "attestation", { id: row.id }) ?? "#",
        columns: [
          { header: t("attestations.documentName"), cell: (row) => <bdi>{row.document_name}</bdi> },
          { header: t("attestations.beneficiary"), cell: (row) => personCell(personName(lng, row), row.email) },
          clients ? { header: t("attestations.client"), cell: (row) => pick(lng, row.client_en, row.client_ar) } : null,
          { header: t("staff.status"), cell: (row) => statusCell(row.status) },
          { header: t("staff.created"), cell: (row) => formatDate(row.created_at, lng, calendar) },
        ],
      }}
    />
  );
}
