import { useTranslation } from "~/platform/i18n/react";
import { getDb } from "~/platform/db/db.server";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listClientCategories } from "~/modules/organisations/queries.server";
import { listScreenData } from "~/platform/paging";
import { NamedListScreen } from "~/components/ui/list-screen";
import { formatMoney } from "~/utils/format";
import type { Route } from "./+types/client-categories";

/** Client categories (docs/architecture.md §14, §16): search by name, paging, empty state. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "clientCategory:manage");
  return listScreenData(url, (filter) => listClientCategories(getDb(), filter));
}

export default function ClientCategories({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <NamedListScreen
      kind={{
        title: t("admin.clientCategories"),
        add: ["clientCategoryCreate", t("admin.newClientCategory")],
        empty: t("admin.noClientCategories"),
        screen: "clientCategory",
        testId: "client-categories",
      }}
      list={loaderData}
      detail={(row) => (
        <>
          <bdi>{formatMoney(row.fee, row.currency, lng)}</bdi> · {t("staff.days", { count: row.validity_period_days })}{" "}
          · {t("admin.clientCount", { count: Number(row.client_count) })}
        </>
      )}
    />
  );
}
