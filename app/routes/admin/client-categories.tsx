import { useTranslation } from "~/platform/i18n/react";
import { useArea } from "~/components/layout/area-shell";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listClientCategories } from "~/modules/organisations/queries.server";
import { ExportLink } from "~/components/ui/export-link";
import { listScreenData } from "~/platform/paging";
import { ListScreen } from "~/components/ui/list-screen";
import { formatMoney, pick } from "~/utils/format";
import type { Route } from "./+types/client-categories";

/** Client categories (docs/architecture.md §14, §16): search by name, paging, empty state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "clientCategory:manage");
  return listScreenData(request, (filter) => listClientCategories(getDb(), filter));
}

export default function ClientCategories({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const lng = i18n.language;
  return (
    <ListScreen
      header={{
        title: t("admin.clientCategories"),
        addHref: mustLinkTo(area, "clientCategoryCreate"),
        addLabel: t("admin.newClientCategory"),
        searchLabel: "admin.searchByName",
        q: loaderData.q,
        actions: <ExportLink />,
      }}
      empty={t("admin.noClientCategories")}
      testId="client-categories"
      paging={loaderData}
      rows={loaderData.rows.map((row) => ({
        id: row.id,
        href: mustLinkTo(area, "clientCategory", { id: row.id }),
        label: pick(lng, row.name_en, row.name_ar),
        detail: (
          <span className="text-sm text-gray-11">
            <bdi>{formatMoney(row.fee, row.currency, lng)}</bdi> ·{" "}
            {t("staff.days", { count: row.validity_period_days })} ·{" "}
            {t("admin.clientCount", { count: Number(row.client_count) })}
          </span>
        ),
      }))}
    />
  );
}
