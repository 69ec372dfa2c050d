import { href } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { PageTitle } from "~/components/ui/page-title";
import { StatusList } from "~/components/ui/status-rows";
import { getDb } from "~/platform/db/db.server";
import { ATTESTATION_STATUSES } from "~/platform/db/schema";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listAttestations } from "~/modules/attestations/queries.server";
import { attestationStatusFilterSchema } from "~/modules/attestations/schema";
import { listScreenData } from "~/platform/paging";
import { formatDate, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/my-attestations";
import { useCalendar } from "~/utils/calendar";

/** My attestations (docs/architecture.md §6.4): mine only, newest first, paged, filterable by status. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requirePermission(principalOf(context), "attestation:create");
  return listScreenData(url, async ({ page, size }, url) => {
    const status = attestationStatusFilterSchema.parse(url.searchParams.get("status") || undefined);
    return {
      ...(await listAttestations(getDb(), { page, size, status, beneficiaryId: user.id })),
      status: status ?? "",
    };
  });
}

export default function MyAttestations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const { rows, status } = loaderData;
  const create = href("/beneficiary/attestations/create");
  return (
    <div className="flex flex-col gap-5">
      <PageTitle title={t("attestations.myTitle")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("attestations.myTitle")}</h1>
        <ButtonLink to={create}>{t("attestations.new")}</ButtonLink>
      </div>
      <p className="max-w-3xl text-gray-11">{t("attestations.intro")}</p>
      <StatusList
        statuses={ATTESTATION_STATUSES}
        status={status ?? ""}
        statusLabel={t("requests.status")}
        empty={{ message: t("attestations.empty"), filtered: t("attestations.emptyFiltered") }}
        add={{ href: create, label: t("attestations.new") }}
        testId="my-attestations"
        paging={loaderData}
        rows={rows.map((row) => ({
          key: row.id,
          to: href("/beneficiary/attestations/:id", { id: String(row.id) }),
          title: (
            <>
              <bdi>{row.document_name}</bdi>{" "}
              <span className="text-gray-11">· {pick(lng, row.client_en, row.client_ar)}</span>
            </>
          ),
          subtitle: `${t("attestations.number", { id: row.id })} · ${formatDate(row.created_at, lng, calendar)}`,
          status: row.status,
        }))}
      />
    </div>
  );
}
