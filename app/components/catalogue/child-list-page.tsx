import { useTranslation } from "~/utils/i18n";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { pick } from "~/utils/format";
import { ListHeader } from "~/components/ui/list-header";
import { CHILD_KINDS, childLinks, type ChildKind } from "./child-kinds";
import { RequiredToggle } from "./required-toggle";

export interface ChildRow {
  id: number;
  label: string;
  detail?: React.ReactNode;
  isRequired: boolean;
}

/** The list page of a category's required fields or supporting document types (same shape, two entities). */
export function ChildListPage({
  kind,
  view,
  rows,
}: {
  kind: ChildKind;
  view: {
    category: { id: number; name_en: string; name_ar: string };
    q: string;
    categoryHref: string;
    page: number;
    size: number;
    total: number;
  };
  rows: ChildRow[];
}) {
  const { t, i18n } = useTranslation();
  const { category } = view;
  const config = CHILD_KINDS[kind];
  const links = childLinks(kind, category.id);
  const categoryName = pick(i18n.language, category.name_en, category.name_ar);
  return (
    <div className="flex flex-col gap-5">
      <ListHeader
        title={`${t(config.title)} · ${categoryName}`}
        back={{ href: view.categoryHref, label: t("catalogue.backToCategory", { name: categoryName }) }}
        addHref={links.create}
        addLabel={t(config.add)}
        hidden={{ documentCategoryId: category.id }}
        q={view.q}
      />
      {rows.length === 0 ? (
        <Card>
          <p className="text-gray-11">{t(config.empty)}</p>
        </Card>
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-gray-5" data-testid={config.testId}>
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <Link to={links.detail(row.id)} className="font-medium text-accent-11 underline">
                  {row.label}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  {row.detail}
                  <RequiredToggle id={row.id} isRequired={row.isRequired} />
                  <Link to={links.edit(row.id)} className="text-accent-11 underline">
                    {t("catalogue.edit")}
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pagination page={view.page} size={view.size} total={view.total} />
    </div>
  );
}
