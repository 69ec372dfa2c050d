import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "./card";
import { EmptyList } from "./empty-list";
import { ListHeader } from "./list-header";
import { Pagination } from "./pagination";

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
