import { FilterSelect } from "~/components/ui/filter-select";
import { useTranslation } from "~/platform/i18n/react";

/** A list's status filter: every status of the kind, or all of them. Read from `?status=`. */
export function StatusSelect({
  statuses,
  value,
  label,
}: {
  statuses: readonly string[];
  value: string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      name="status"
      label={label}
      value={value}
      allLabel={t("requests.allStatuses")}
      options={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
    />
  );
}
