import { useTranslation } from "~/utils/i18n";
import { Email } from "~/components/ui/unbroken";
import { FilterSelect } from "~/components/ui/filter-select";
import { Link } from "react-router";
import { ExportLink } from "~/components/ui/export-link";
import { ListFilters } from "~/components/ui/list-filters";
import { StatusBadge } from "~/components/requests/status-badge";
import { StatusSelect } from "~/components/requests/status-select";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { Pagination } from "~/components/ui/pagination";
import { getDb } from "~/db/db.server";
import { REQUEST_STATUSES } from "~/db/schema";
import { linkTo } from "~/modules/access";
import { useArea } from "~/components/layout/area-shell";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { pagingOf } from "~/platform/paging";
import { staffRequestListOf } from "~/modules/requests/staff-list.server";
import { listRequests } from "~/modules/requests/staff-queries.server";
import { formatAge, formatDate, personName, pick } from "~/utils/format";
import type { Route } from "./+types/staff-requests";

/** One list for every staff area (staff-list.server.ts says which requests); its download is staff-requests-export.ts. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "request:read");
  const db = getDb();
  const url = new URL(request.url);
  const { heading, filter, isQueue, categories, order, range } = await staffRequestListOf(db, principal, params, url);
  const paging = pagingOf(url);
  const { total, rows } = await listRequests(db, { ...filter, ...paging, order });
  return {
    heading,
    rows,
    total,
    ...paging,
    isQueue,
    now: Date.now(),
    categories: categories?.map((row) => ({ id: row.id, name_en: row.name_en, name_ar: row.name_ar })) ?? null,
    filters: {
      status: filter.status ?? "",
      from: range.from,
      to: range.to,
      q: filter.q ?? "",
      category: filter.categoryId && isQueue ? String(filter.categoryId) : "",
      order: isQueue ? order : "",
    },
  };
}

export default function StaffRequests({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { heading, rows, filters, categories, isQueue } = loaderData;
  const area = useArea();
  const title = t(heading.key, { name: pick(lng, heading.en, heading.ar) });
  return (
    <div className="flex flex-col gap-5">
      <PageTitle title={title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <ExportLink />
      </div>
      <ListFilters searchLabel={t("staff.searchLabel")} q={filters.q}>
        <StatusSelect statuses={REQUEST_STATUSES} value={filters.status} label={t("staff.status")} />
        <div className="flex flex-col gap-1">
          <label htmlFor="from" className="text-sm font-medium">
            {t("staff.from")}
          </label>
          <input
            id="from"
            name="from"
            type="date"
            defaultValue={filters.from}
            title={t("validation.dateFormatHint")}
            placeholder="30/06/2024"
            className="rounded-md border border-gray-7 px-3 py-2"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="to" className="text-sm font-medium">
            {t("staff.to")}
          </label>
          <input
            id="to"
            name="to"
            type="date"
            defaultValue={filters.to}
            title={t("validation.dateFormatHint")}
            placeholder="30/06/2024"
            className="rounded-md border border-gray-7 px-3 py-2"
          />
        </div>
        {categories ? (
          <FilterSelect
            name="category"
            label={t("requests.category")}
            value={filters.category}
            allLabel={t("staff.allCategories")}
            className="lg:col-span-2"
            options={categories.map((category) => ({
              value: category.id,
              label: pick(lng, category.name_en, category.name_ar),
            }))}
          />
        ) : null}
        {isQueue ? (
          <FilterSelect
            name="order"
            label={t("staff.order")}
            value={filters.order}
            options={[
              { value: "queue", label: t("staff.orderQueue") },
              { value: "newest", label: t("staff.orderNewest") },
            ]}
          />
        ) : null}
      </ListFilters>
      {rows.length === 0 ? (
        <Card>
          <p className="text-gray-11">{t("staff.empty")}</p>
        </Card>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-6 bg-white">
          <table className="w-full text-sm" data-testid="staff-requests">
            <thead className="bg-gray-2 text-start">
              <tr>
                <th className="px-4 py-2 text-start">#</th>
                <th className="px-4 py-2 text-start">{t("staff.beneficiary")}</th>
                <th className="px-4 py-2 text-start">{t("requests.category")}</th>
                <th className="px-4 py-2 text-start">{t("staff.status")}</th>
                <th className="px-4 py-2 text-start">{t("staff.created")}</th>
                {isQueue ? <th className="px-4 py-2 text-start">{t("staff.age")}</th> : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-5">
              {rows.map((row) => (
                <tr key={row.id} className="hover:bg-gray-2">
                  <td className="px-4 py-2">
                    <Link
                      to={linkTo(area, "request", { id: row.id }) ?? "#"}
                      className="font-medium text-accent-11 underline"
                    >
                      {row.id}
                    </Link>
                  </td>
                  <td className="px-4 py-2">
                    <span className="block">{personName(lng, row)}</span>
                    <Email address={row.email} className="block text-gray-11" />
                  </td>
                  <td className="px-4 py-2">
                    {pick(lng, row.category_en, row.category_ar)}
                    <span className="block text-gray-11">{pick(lng, row.client_en, row.client_ar)}</span>
                  </td>
                  <td className="px-4 py-2">
                    <StatusBadge status={row.status} />
                  </td>
                  <td className="px-4 py-2">{formatDate(row.created_at, lng)}</td>
                  {isQueue ? (
                    <td className="px-4 py-2" data-testid="age">
                      {formatAge(row.created_at, loaderData.now, lng)}
                    </td>
                  ) : null}
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
