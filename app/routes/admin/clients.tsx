import { useTranslation } from "~/utils/i18n";
import { Link } from "react-router";
import { useArea } from "~/components/layout/area-shell";
import { Card } from "~/components/ui/card";
import { ListHeader } from "~/components/ui/list-header";
import { Pagination } from "~/components/ui/pagination";
import { getDb } from "~/db/db.server";
import { linkTo, mustLinkTo } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listClients } from "~/modules/organisations/queries.server";
import { ExportLink } from "~/components/ui/export-link";
import { pagingOf, searchOf } from "~/platform/paging";
import { pick } from "~/utils/format";
import type { Route } from "./+types/clients";
import { EmptyList } from "~/components/ui/empty-list";

/** Clients (organisations), for the super admin and the service admin: search by name, paging. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "client:manage");
  const url = new URL(request.url);
  const paging = pagingOf(url);
  const q = searchOf(url);
  const { total, rows } = await listClients(getDb(), { q, ...paging });
  return { rows, total, q, ...paging };
}

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const lng = i18n.language;
  const { rows, q } = loaderData;
  const create = mustLinkTo(area, "clientCreate");
  return (
    <div className="flex flex-col gap-5">
      <ListHeader
        title={t("admin.clients")}
        addHref={create}
        addLabel={t("admin.newClient")}
        searchLabel="admin.searchByName"
        q={q}
        actions={<ExportLink />}
      />
      {rows.length === 0 ? (
        <EmptyList
          searched={Boolean(q)}
          message={t("admin.noClients")}
          addHref={create}
          addLabel={t("admin.newClient")}
        />
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-gray-5" data-testid="clients">
            {rows.map((row) => {
              const categoryHref = linkTo(area, "clientCategory", { id: row.category_id });
              const category = pick(lng, row.category_en, row.category_ar);
              return (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                  <Link
                    to={mustLinkTo(area, "client", { id: row.id })}
                    className="font-medium text-accent-11 underline"
                  >
                    {pick(lng, row.name_en, row.name_ar)}
                  </Link>
                  <span className="text-sm text-gray-11">
                    {categoryHref ? (
                      <Link to={categoryHref} className="underline">
                        {category}
                      </Link>
                    ) : (
                      category
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
      <Pagination page={loaderData.page} size={loaderData.size} total={loaderData.total} />
    </div>
  );
}
