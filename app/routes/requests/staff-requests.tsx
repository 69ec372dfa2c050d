import { StaffListScreen } from "~/components/ui/staff-list-screen";
import { personCell, statusCell } from "~/components/ui/staff-table";
import { useTranslation } from "~/platform/i18n/react";
import { useLocation } from "react-router";
import { withBack } from "~/utils/back-link";
import { FilterSelect } from "~/components/ui/filter-select";
import { StatusSelect } from "~/components/requests/status-select";
import { getDb } from "~/platform/db/db.server";
import { REQUEST_STATUSES } from "~/platform/db/schema";
import { linkTo } from "~/modules/access";
import { useArea } from "~/components/layout/area-shell";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listScreenData } from "~/platform/paging";
import { staffRequestListOf } from "~/modules/requests/staff-list.server";
import { listRequests } from "~/modules/requests/staff-queries.server";
import { formatAge, formatDate, personName, pick, namedOptions } from "~/utils/format";
import type { Route } from "./+types/staff-requests";
import { useCalendar } from "~/utils/calendar";
import { DateFilter } from "~/components/ui/date-filter";

/** One list for every staff area (staff-list.server.ts says which requests); its download is staff-requests-export.ts. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "request:read");
  const db = getDb();
  return listScreenData(url, async ({ page, size }, url) => {
    const { heading, filter, isQueue, categories, order, range } = await staffRequestListOf(db, principal, params, url);
    const { rows, ...counts } = await listRequests(db, { ...filter, page, size, order });
    return {
      ...counts,
      rows: rows.map(rowShown),
      heading,
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
  });
}

/**
 * What a row shows, and no more: the page's data goes into its HTML for hydration, so every column sent is encoded
 * and sent again (the rows' messages, contacts and ids were a share of each page's time: docs/architecture.md §11).
 */
const rowShown = (row: Awaited<ReturnType<typeof listRequests>>["rows"][number]) => ({
  id: row.id,
  status: row.status,
  created_at: row.created_at,
  email: row.email,
  first_name_en: row.first_name_en,
  first_name_ar: row.first_name_ar,
  last_name_en: row.last_name_en,
  last_name_ar: row.last_name_ar,
  category_en: row.category_en,
  category_ar: row.category_ar,
  client_en: row.client_en,
  client_ar: row.client_ar,
});

/** A list's date bound (`?from=`, `?to=`), typed as the browser's date input or as 30/06/2024 without one. */
export default function StaffRequests({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const { heading, rows, filters, categories, isQueue } = loaderData;
  const area = useArea();
  // Each request opens with this list (its search, filters, order and page) to return to.
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const title = t(heading.key, { name: pick(lng, heading.en, heading.ar) });
  return (
    <StaffListScreen
      title={title}
      search={{ label: t("staff.searchLabel"), q: filters.q }}
      filters={
        <>
          <StatusSelect statuses={REQUEST_STATUSES} value={filters.status} label={t("staff.status")} />
          <DateFilter name="from" label={t("staff.from")} value={filters.from} />
          <DateFilter name="to" label={t("staff.to")} value={filters.to} />
          {categories ? (
            <FilterSelect
              name="category"
              label={t("requests.category")}
              value={filters.category}
              allLabel={t("staff.allCategories")}
              className="lg:col-span-2"
              options={namedOptions(lng, categories)}
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
        </>
      }
      table={{
        rows: rows,
        testId: "staff-requests",
        empty: t("staff.empty"),
        paging: loaderData,
        hrefOf: (row) => withBack(linkTo(area, "request", { id: row.id }) ?? "#", here),
        columns: [
          { header: t("staff.beneficiary"), cell: (row) => personCell(personName(lng, row), row.email) },
          {
            header: t("requests.category"),
            cell: (row) => (
              <>
                {pick(lng, row.category_en, row.category_ar)}{" "}
                <span className="block text-gray-11">{pick(lng, row.client_en, row.client_ar)}</span>
              </>
            ),
          },
          { header: t("staff.status"), cell: (row) => statusCell(row.status) },
          { header: t("staff.created"), cell: (row) => formatDate(row.created_at, lng, calendar) },
          isQueue
            ? { header: t("staff.age"), cell: (row) => formatAge(row.created_at, loaderData.now, lng), testId: "age" }
            : null,
        ],
      }}
    />
  );
}
