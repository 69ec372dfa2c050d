import { useTranslation } from "~/platform/i18n/react";
import { Link } from "react-router";
import { pick } from "~/utils/format";
import { ListScreen } from "~/components/ui/list-screen";
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
    <ListScreen
      header={{
        title: `${t(config.title)} · ${categoryName}`,
        back: { href: view.categoryHref, label: t("catalogue.backToCategory", { name: categoryName }) },
        addHref: links.create,
        addLabel: t(config.add),
        hidden: { documentCategoryId: category.id },
        q: view.q,
      }}
      empty={t(config.empty)}
      testId={config.testId}
      paging={view}
      rows={rows.map((row) => ({
        id: row.id,
        href: links.detail(row.id),
        label: row.label,
        detail: (
          <span className="flex flex-wrap items-center gap-2 text-sm">
            {row.detail}
            <RequiredToggle id={row.id} isRequired={row.isRequired} />
            <Link to={links.edit(row.id)} className="text-accent-11 underline">
              {t("catalogue.edit")}
            </Link>
          </span>
        ),
      }))}
    />
  );
}
