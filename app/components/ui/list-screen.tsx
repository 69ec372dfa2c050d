import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "./card";
import { EmptyList } from "./empty-list";
import { ListHeader } from "./list-header";
import { Pagination } from "./pagination";
import { ExportLink } from "./export-link";
import { useArea } from "~/components/layout/area-shell";
import { mustLinkTo, type Screen } from "~/modules/access";
import { useTranslation } from "~/platform/i18n/react";
import { pick } from "~/utils/format";

export interface ListRow {
  id: number;
  href: string;
  label: ReactNode;
  /** What else the list says of the row, beside its link (a span of the caller's). */
  detail?: ReactNode;
}

/**
 * A list screen (docs/architecture.md §14): its header with search and "add", the rows as links (or an empty
 * state that says why and offers "add"), and the pages.
 */
export function ListScreen({
  header,
  empty,
  testId,
  rows,
  paging,
}: {
  header: ComponentProps<typeof ListHeader>;
  /** The empty state's words; "add" comes from the header. */
  empty: string;
  testId: string;
  rows: ListRow[];
  paging: { page: number; size: number; total: number };
}) {
  return (
    <div className="flex flex-col gap-5">
      <ListHeader {...header} />
      {rows.length === 0 ? (
        <EmptyList searched={Boolean(header.q)} message={empty} addHref={header.addHref} addLabel={header.addLabel} />
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-gray-5" data-testid={testId}>
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <Link to={row.href} className="font-medium text-accent-11 underline">
                  {row.label}
                </Link>
                {row.detail}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pagination page={paging.page} size={paging.size} total={paging.total} />
    </div>
  );
}

/**
 * A searchable list of rows named in both languages (the admin's clients and client categories): each row a link to
 * its screen, "add" and the download in the header.
 */
export function NamedListScreen<Row extends { id: number; name_en: string; name_ar: string }>({
  kind,
  list,
  detail,
}: {
  kind: { title: string; add: [Screen, string]; empty: string; screen: Screen; testId: string };
  list: { q: string; rows: Row[]; page: number; size: number; total: number };
  detail: (row: Row) => ReactNode;
}) {
  const { i18n } = useTranslation();
  const area = useArea();
  return (
    <ListScreen
      header={{
        title: kind.title,
        addHref: mustLinkTo(area, kind.add[0]),
        addLabel: kind.add[1],
        searchLabel: "admin.searchByName",
        q: list.q,
        actions: <ExportLink />,
      }}
      empty={kind.empty}
      testId={kind.testId}
      paging={list}
      rows={list.rows.map((row) => ({
        id: row.id,
        href: mustLinkTo(area, kind.screen, { id: row.id }),
        label: pick(i18n.language, row.name_en, row.name_ar),
        detail: <span className="text-sm text-gray-11">{detail(row)}</span>,
      }))}
    />
  );
}
