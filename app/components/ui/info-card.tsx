import type { ReactNode } from "react";
import { Card } from "./card";

/** A titled card of label and value rows. */
export function InfoCard({ title, rows, testId }: { title: string; rows: [string, ReactNode][]; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-gray-11">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
