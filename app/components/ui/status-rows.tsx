import type { ReactNode } from "react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/requests/status-badge";
import { Card } from "./card";

export interface StatusRow {
  key: number;
  to: string;
  title: ReactNode;
  subtitle: ReactNode;
  status: string;
}

/** A list of linked rows, each a title, a line beneath it and its status badge (my requests, attestations...). */
export function StatusRows({ rows, testId }: { rows: StatusRow[]; testId: string }) {
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
