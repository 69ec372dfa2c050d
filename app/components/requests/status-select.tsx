import { useTranslation } from "~/utils/i18n";

/** A list's status filter: every status of the kind, or all of them. Read from `?status=`. */
export function StatusSelect({ statuses, value, label }: { statuses: readonly string[]; value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="status" className="text-sm font-medium">
        {label}
      </label>
      <select id="status" name="status" defaultValue={value} className="rounded-md border border-gray-7 bg-white px-3 py-2">
        <option value="">{t("requests.allStatuses")}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {t(`status.${status}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
