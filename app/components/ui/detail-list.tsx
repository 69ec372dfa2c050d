import type { ReactNode } from "react";

/** A row of a detail page: its label, its value and, where a test reads the value, its test id. */
export type DetailRow = [label: string, value: ReactNode, testId?: string];

/** A value staff typed in both languages, as two rows of a detail page, each marked with its language. */
export const bilingualRows = (
  labels: [english: string, arabic: string],
  values: [english: string, arabic: string],
): DetailRow[] => [
  [
    labels[0],
    <span key="en" lang="en" dir="ltr">
      {values[0]}
    </span>,
  ],
  [
    labels[1],
    <span key="ar" lang="ar" dir="rtl">
      {values[1]}
    </span>,
  ],
];

/** The label and value pairs of a detail page: stacked on a phone, two columns from the small breakpoint. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="contents">
          <dt className="text-sm text-gray-11">{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
