import { idOf } from "~/platform/db/values";
import { useTranslation } from "~/platform/i18n/react";
import { ExportLink } from "~/components/ui/export-link";
import { FilterSelect } from "~/components/ui/filter-select";
import { Link } from "react-router";
import { Form } from "~/components/forms/form-token";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { Pagination } from "~/components/ui/pagination";
import { listCategories, listClientsForChooser } from "~/modules/catalogue/queries.server";
import { listScreenData } from "~/platform/paging";
import { formatMoney, pick, namedOptions } from "~/utils/format";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { useArea } from "~/components/layout/area-shell";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/categories";

/** Document categories of the user's client (all clients, with a filter, for super admins). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  const db = getDb();
  return listScreenData(url, async (filter, url) => {
    const clientFilter = idOf(url.searchParams.get("clientId")) || undefined;
    return {
      ...(await listCategories(db, { ...filter, clientId: principal.clientId ?? clientFilter })),
      clientId: clientFilter ?? "",
      clients: principal.scope.kind === "all" ? await listClientsForChooser(db) : null,
    };
  });
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const area = useArea();
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { rows, clients, q } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      <PageTitle title={t("catalogue.categories")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("catalogue.categories")}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ExportLink />
          <ButtonLink to={mustLinkTo(area, "categoryCreate")}>{t("catalogue.newCategory")}</ButtonLink>
        </div>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <div className="flex flex-col gap-1">
          <label htmlFor="q" className="text-sm font-medium">
            {t("catalogue.searchLabel")}
          </label>{" "}
          <input id="q" name="q" defaultValue={q} className="rounded-md border border-gray-7 px-3 py-2" />
        </div>
        {clients ? (
          <FilterSelect
            name="clientId"
            label={t("catalogue.client")}
            value={String(loaderData.clientId ?? "")}
            allLabel={t("catalogue.allClients")}
            options={namedOptions(lng, clients)}
          />
        ) : null}
        <Button type="submit" variant="outline">
          {t("catalogue.search")}
        </Button>
      </Form>
      {rows.length === 0 ? (
        <Card className="flex flex-col items-start gap-3">
          <p className="text-gray-11">{q ? t("catalogue.emptySearch") : t("catalogue.empty")}</p>
          <ButtonLink to={mustLinkTo(area, "categoryCreate")}>{t("catalogue.newCategory")}</ButtonLink>
        </Card>
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-gray-5" data-testid="categories">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <Link
                  to={mustLinkTo(area, "category", { id: row.id })}
                  className="font-medium text-accent-11 underline"
                >
                  {pick(lng, row.name_en, row.name_ar)}
                </Link>
                <span className="text-sm text-gray-11">
                  {clients ? `${pick(lng, row.client_en, row.client_ar)} · ` : ""}
                  <bdi>{formatMoney(row.fee, row.currency, lng)}</bdi> ·{" "}
                  {t("staff.days", { count: row.validity_period_days })}
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
