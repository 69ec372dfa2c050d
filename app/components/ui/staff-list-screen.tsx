import type { ComponentProps, ReactNode } from "react";
import { ExportLink } from "./export-link";
import { FilterSelect } from "./filter-select";
import { ListFilters } from "./list-filters";
import { ScreenHeader } from "./screen-header";
import { StaffTable } from "./staff-table";
import { useTranslation } from "~/platform/i18n/react";
import { namedOptions } from "~/utils/format";

/**
 * A staff list's screen (the work queue, the attestations to decide, the audit trail): its heading with the
 * download, an optional intro, a search with the list's own filters, then the table with its pages.
 */
export function StaffListScreen<Row extends { id: number }>({
  title,
  intro,
  search,
  filters,
  table,
}: {
  title: string;
  intro?: ReactNode;
  search: { label: string; q: string };
  filters: ReactNode;
  table: Omit<ComponentProps<typeof StaffTable<Row>>, "label">;
}) {
  return (
    <div className="flex flex-col gap-5">
      <ScreenHeader title={title}>
        <ExportLink />
      </ScreenHeader>
      {intro}
      <ListFilters searchLabel={search.label} q={search.q}>
        {filters}
      </ListFilters>
      <StaffTable label={title} {...table} />
    </div>
  );
}

/** The client filter of a list that spans clients (the super admin's); nothing for a list of one client's. */
export function ClientFilter({
  clients,
  value,
  label,
  allLabel,
}: {
  clients: { id: number; name_en: string; name_ar: string }[] | null;
  value: string;
  label: string;
  allLabel: string;
}) {
  const { i18n } = useTranslation();
  if (!clients) return null;
  return (
    <FilterSelect
      name="client"
      label={label}
      value={value}
      allLabel={allLabel}
      options={namedOptions(i18n.language, clients)}
    />
  );
}
