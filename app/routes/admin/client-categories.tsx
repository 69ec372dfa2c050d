import { useTranslation } from "~/utils/i18n";
import { Link } from "react-router";
import { useArea } from "~/components/layout/area-shell";
import { Card } from "~/components/ui/card";
import { ListHeader } from "~/components/ui/list-header";
import { Pagination } from "~/components/ui/pagination";
import { getDb } from "~/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listClientCategories } from "~/modules/organisations/queries.server";
import { ExportLink } from "~/components/ui/export-link";
import { pagingOf, searchOf } from "~/platform/paging";
import { formatMoney, pick } from "~/utils/format";
import type { Route } from "./+types/client-categories";
import { EmptyList } from "~/components/ui/empty-list";

/** Client categories (docs/architecture.md §14, §16): search by name, paging, empty state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "clientCategory:manage");
  const url = new URL(request.url);
  const paging = pagingOf(url);
  const q = searchOf(url);
  const { total, rows } = await listClientCategories(getDb(), { q, ...paging });
  return { rows, total, q, ...paging };
}

export default function ClientCategories({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const lng = i18n.language;
  const { rows, q } = loaderData;
  const create = mustLinkTo(area, "clientCategoryCreate");
  return (
    <div className="flex flex-col gap-5">
      <ListHeader
        title={t("admin.clientCategories")}
        addHref={create}
        addLabel={t("admin.newClientCategory")}
        searchLabel="admin.searchByName"
        q={q}
        actions={<ExportLink />}
      />
      {rows.length === 0 ? (
        <EmptyList
          searched={Boolean(q)}
          message={t("admin.noClientCategories")}
          addHref={create}
          addLabel={t("admin.newClientCategory")}
        />
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-gray-5" data-testid="client-categories">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <Link
                  to={mustLinkTo(area, "clientCategory", { id: row.id })}
                  className="font-medium text-accent-11 underline"
                >
                  {pick(lng, row.name_en, row.name_ar)}
                </Link>
                <span className="text-sm text-gray-11">
                  <bdi>{formatMoney(row.fee, row.currency, lng)}</bdi> ·{" "}
                  {t("staff.days", { count: row.validity_period_days })} ·{" "}
                  {t("admin.clientCount", { count: Number(row.client_count) })}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pagination page={loaderData.page} size={loaderData.size} total={loaderData.total} />
    </div>
  );
}
