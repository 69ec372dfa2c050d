import type { ReactNode } from "react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/requests/status-badge";
import { Form } from "~/components/forms/form-token";
import { StatusSelect } from "~/components/requests/status-select";
import { useTranslation } from "~/platform/i18n/react";
import { Button } from "./button";
import { Card } from "./card";
import { EmptyList } from "./empty-list";
import { Pagination } from "./pagination";

export interface StatusRow {
  key: number;
  to: string;
  title: ReactNode;
  subtitle: ReactNode;
  status: string;
}

/** A list of linked rows, each a title, a line beneath it and its status badge (my requests, attestations...). */
function StatusRows({ rows, testId }: { rows: StatusRow[]; testId: string }) {
  return (
    <Card className="p-0">
      <ul className="divide-y divide-gray-5" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.key}>
            <Link to={row.to} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 hover:bg-gray-2">
              <span>
                <span className="block font-medium">{row.title}</span>{" "}
                <span className="block text-sm text-gray-11">{row.subtitle}</span>
              </span>{" "}
              <StatusBadge status={row.status} />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * A list filtered by status (my requests, my attestations, the announcements): the status filter, then the
 * rows, or an empty state that says whether the filter hid them and offers "add"; then the pages.
 */
export function StatusList({
  statuses,
  status,
  statusLabel,
  empty,
  add,
  testId,
  rows,
  paging,
}: {
  statuses: readonly string[];
  status: string;
  statusLabel: string;
  empty: { message: string; filtered: string };
  add: { href: string | null; label: string };
  testId: string;
  rows: StatusRow[];
  paging: { page: number; size: number; total: number };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <StatusSelect statuses={statuses} value={status} label={statusLabel} />
        <Button type="submit" variant="outline">
          {t("requests.filter")}
        </Button>
      </Form>
      {rows.length === 0 ? (
        <EmptyList
          searched={Boolean(status)}
          message={empty.message}
          searchedMessage={empty.filtered}
          addHref={add.href}
          addLabel={add.label}
        />
      ) : (
        <StatusRows testId={testId} rows={rows} />
      )}
      <Pagination page={paging.page} size={paging.size} total={paging.total} />
    </>
  );
}
