import { idOf } from "~/db/values";
import { useTranslation } from "~/utils/i18n";
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
import { linkTo, scopeFilter } from "~/modules/access";
import { useArea } from "~/components/layout/area-shell";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { categoriesOfClient, findClient } from "~/modules/catalogue/queries.server";
import { dateRangeOf, pagingOf, searchOf, statusFilterSchema } from "~/modules/requests/schema";
import { requestsCsv } from "~/modules/requests/export.server";
import { findCategoryInScope, listRequests } from "~/modules/requests/staff-queries.server";
import { getLocale } from "~/middleware/i18next.server";
import { findUserById } from "~/modules/users/queries.server";
import { formatAge, formatDate, personName, pick } from "~/utils/format";
import type { Route } from "./+types/staff-requests";

/**
 * One list for every staff area: the requests of a category (`:categoryId`), of a client (`:clientId`)
 * or of a beneficiary (`:beneficiaryId`), always within the user's scope; without any of them, the work
 * queue (issue 14): every request in scope, pending ones first and oldest first, filterable by category.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "request:read");
  const db = getDb();
  const url = new URL(request.url);
  const p = params as { categoryId?: string; clientId?: string; beneficiaryId?: string };
  let heading: { key: string; en: string; ar: string };
  const filter: Parameters<typeof listRequests>[1] = { ...pagingOf(url), ...scopeFilter(principal) };

  if (p.categoryId !== undefined) {
    const category = requirePermission(principal, "request:read", await findCategoryInScope(db, idOf(p.categoryId)));
    filter.categoryId = category.id;
    heading = { key: "staff.categoryRequests", en: category.name_en, ar: category.name_ar };
  } else if (p.clientId !== undefined) {
    const found = await findClient(db, idOf(p.clientId));
    const client = requirePermission(principal, "request:read", found && { ...found, client_id: found.id });
    filter.clientId = client.id;
    heading = { key: "staff.clientRequests", en: client.name_en, ar: client.name_ar };
  } else if (p.beneficiaryId === undefined) {
    heading = { key: "staff.workQueue", en: "", ar: "" };
  } else {
    const found = await findUserById(db, idOf(p.beneficiaryId));
    const beneficiary = requirePermission(principal, "beneficiary:manage", found?.role === "BENEFICIARY" ? { ...found, beneficiary_id: found.id } : null);
    filter.beneficiaryId = beneficiary.id;
    heading = {
      key: "staff.beneficiaryRequests",
      en: `${beneficiary.first_name_en} ${beneficiary.last_name_en}`,
      ar: `${beneficiary.first_name_ar} ${beneficiary.last_name_ar}`,
    };
  }

  const status = statusFilterSchema.parse(url.searchParams.get("status") || undefined);
  const range = dateRangeOf(url);
  const q = searchOf(url);
  const isQueue = heading.key === "staff.workQueue";
  // The queue filters by category among the client's own (staff of one client only).
  const categories = isQueue && principal.clientId ? await categoriesOfClient(db, principal.clientId) : null;
  const category = idOf(url.searchParams.get("category"));
  if (categories?.some((candidate) => candidate.id === category)) filter.categoryId = category;
  const order = isQueue && url.searchParams.get("order") !== "newest" ? ("queue" as const) : ("newest" as const);
  if (url.searchParams.get("format") === "csv") {
    return requestsCsv(db, { ...filter, status, from: range.fromIso, to: range.toIso, q }, getLocale(context));
  }
  const { total, rows } = await listRequests(db, { ...filter, status, from: range.fromIso, to: range.toIso, q, order });
  return {
    heading,
    rows,
    total,
    page: filter.page,
    size: filter.size,
    isQueue,
    now: Date.now(),
    categories: categories?.map((row) => ({ id: row.id, name_en: row.name_en, name_ar: row.name_ar })) ?? null,
    filters: { status: status ?? "", from: range.from, to: range.to, q, category: filter.categoryId && isQueue ? String(filter.categoryId) : "", order: isQueue ? order : "" },
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
          <input id="from" name="from" type="date" defaultValue={filters.from} className="rounded-md border border-gray-7 px-3 py-2" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="to" className="text-sm font-medium">
            {t("staff.to")}
          </label>
          <input id="to" name="to" type="date" defaultValue={filters.to} className="rounded-md border border-gray-7 px-3 py-2" />
        </div>
        {categories ? (
          <FilterSelect name="category" label={t("requests.category")} value={filters.category} allLabel={t("staff.allCategories")} className="lg:col-span-2" options={categories.map((category) => ({ value: category.id, label: pick(lng, category.name_en, category.name_ar) }))} />
        ) : null}
        {isQueue ? (
          <FilterSelect name="order" label={t("staff.order")} value={filters.order} options={[{ value: "queue", label: t("staff.orderQueue") }, { value: "newest", label: t("staff.orderNewest") }]} />
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
                    <Link to={linkTo(area, "request", { id: row.id }) ?? "#"} className="font-medium text-accent-11 underline">
                      {row.id}
                    </Link>
                  </td>
                  <td className="px-4 py-2">
                    <span className="block">{personName(lng, row)}</span>
                    <bdi className="block break-all text-gray-11">{row.email}</bdi>
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
