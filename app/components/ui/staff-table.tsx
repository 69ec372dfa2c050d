import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { StatusBadge } from "~/components/requests/status-badge";
import { Email } from "./unbroken";
import { Card } from "./card";
import { ScrollRegion } from "./scroll-region";
import { Pagination } from "./pagination";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  testId?: string;
}

/** The columns every staff list shows: who asked (name above email), the status badge. */
export const personCell = (name: string, email: string) => (
  <>
    <span className="block">{name}</span> <Email address={email} className="block text-gray-11" />
  </>
);
export const statusCell = (status: string) => <StatusBadge status={status} />;

/**
 * The rows' links are plain anchors, and one listener on the table follows them inside the app, as `<Link>` would: a
 * `<Link>` a row was 3.4% of a staff list's server time, resolving and memoising what a plain `href` already says
 * (docs/architecture.md §11). A click with a modifier or another button, or one something else took, is the browser's.
 */
function useRowLinks() {
  const navigate = useNavigate();
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => {
    const element = table.current;
    if (!element) return;
    const follow = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-row-link]") : null;
      if (!link || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      void navigate(link.getAttribute("href")!);
    };
    element.addEventListener("click", follow);
    return () => element.removeEventListener("click", follow);
  }, [navigate]);
  return table;
}

/**
 * A staff list as a table (the work queue, the attestations to review): the row's number links to its
 * page, then the given columns; an empty state; the pages. It scrolls sideways inside a named region on a phone.
 */
export function StaffTable<Row extends { id: number }>({
  rows,
  columns,
  hrefOf,
  empty,
  testId,
  paging,
  label,
}: {
  /** What the table lists (the page's heading): the name of the region it scrolls in. */
  label: string;
  rows: Row[];
  columns: (Column<Row> | null)[];
  /** The row's page; without one, the number is plain text (an audit event has no page). */
  hrefOf?: (row: Row) => string;
  empty: string;
  testId: string;
  paging: { page: number; size: number; total: number };
}) {
  const shown = columns.filter((column): column is Column<Row> => column !== null);
  const table = useRowLinks();
  return (
    <>
      {rows.length === 0 ? (
        <Card data-testid="empty">
          <p className="text-gray-11">{empty}</p>
        </Card>
      ) : (
        <ScrollRegion label={label} className="rounded-lg border border-gray-6 bg-white">
          <table ref={table} className="w-full text-sm" data-testid={testId}>
            <caption className="sr-only">{label}</caption>
            <thead className="bg-gray-2">
              <tr>
                <th className="px-4 py-2 text-start">#</th>
                {shown.map((column) => (
                  <th key={column.header} className="px-4 py-2 text-start">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-5">
              {rows.map((row) => (
                <tr key={row.id} className="hover:bg-gray-2">
                  <td className="px-4 py-2">
                    {hrefOf ? (
                      <a href={hrefOf(row)} data-row-link="" className="font-medium text-accent-11 underline">
                        {row.id}
                      </a>
                    ) : (
                      row.id
                    )}
                  </td>
                  {shown.map((column) => (
                    <td key={column.header} className="px-4 py-2" data-testid={column.testId}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pagination page={paging.page} size={paging.size} total={paging.total} />
    </>
  );
}
