import { useTranslation } from "~/platform/i18n/react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/requests/status-badge";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { REQUEST_STATUSES } from "~/platform/db/schema";
import { categoriesOfClient, requestCountsByCategory } from "~/modules/catalogue/queries.server";
import { pick } from "~/utils/format";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { useArea } from "~/components/layout/area-shell";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/categories-dashboard";

/** The clerk's client's categories with their request counts by status. */
export async function loader({ context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  const db = getDb();
  const clientId = principal.clientId ?? -1;
  const counts = await requestCountsByCategory(db, clientId);
  const categories = (await categoriesOfClient(db, clientId)).map((category) => ({
    id: category.id,
    nameEn: category.name_en,
    nameAr: category.name_ar,
    counts: Object.fromEntries(
      counts.filter((row) => row.document_category_id === category.id).map((row) => [row.status, Number(row.n)]),
    ) as Record<string, number>,
  }));
  return { categories };
}

export default function CategoriesDashboard({ loaderData }: Route.ComponentProps) {
  const area = useArea();
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <PageTitle title={t("catalogue.dashboard")} />
      <h1 className="text-2xl font-bold">{t("catalogue.dashboard")}</h1>
      {loaderData.categories.length === 0 ? <p className="text-gray-11">{t("catalogue.empty")}</p> : null}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="category-counts">
        {loaderData.categories.map((category) => (
          <Card key={category.id} className="flex flex-col gap-3">
            <Link
              to={mustLinkTo(area, "categoryRequests", { categoryId: category.id })}
              className="text-lg font-semibold text-accent-11 underline"
            >
              {pick(i18n.language, category.nameEn, category.nameAr)}
            </Link>
            <dl className="flex flex-wrap gap-3">
              {REQUEST_STATUSES.map((status) => (
                <div key={status} className="flex items-center gap-1">
                  <dt>
                    <StatusBadge status={status} />
                  </dt>
                  <dd className="font-bold">{category.counts[status] ?? 0}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ))}
      </div>
    </div>
  );
}
