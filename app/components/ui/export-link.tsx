import { useLocation } from "react-router";
import { useTranslation } from "~/utils/i18n";

/** "Export (CSV)": the list's own address with its filters, without paging, as `?format=csv`. */
export function ExportLink() {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const name of ["page", "size", "order"]) params.delete(name);
  params.set("format", "csv");
  return (
    <a href={`${location.pathname}?${params}`} download className="rounded-md border border-gray-7 px-3 py-1.5 text-sm hover:bg-gray-3" data-testid="export-csv">
      {t("staff.exportCsv")}
    </a>
  );
}
