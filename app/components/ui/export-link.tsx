import { useLocation } from "react-router";
import { useTranslation } from "~/platform/i18n/react";

/**
 * "Export (CSV)" and "Export (Excel)": the list's download resource route (`{list}/export`, routes.ts) with
 * the list's filters, without paging. Plain links: the browser downloads the file, with or without JS.
 */
export function ExportLink() {
  const { t } = useTranslation();
  const location = useLocation();
  const href = (format: "csv" | "xlsx") => {
    const params = new URLSearchParams(location.search);
    for (const name of ["page", "size", "order", "format"]) params.delete(name);
    params.set("format", format);
    return `${location.pathname.replace(/\/+$/, "")}/export?${params}`;
  };
  const style = "rounded-md border border-gray-7 px-3 py-1.5 text-sm whitespace-nowrap hover:bg-gray-3";
  return (
    <span className="flex flex-wrap gap-2">
      <a href={href("csv")} download className={style} data-testid="export-csv">
        {t("staff.exportCsv")}
      </a>{" "}
      <a href={href("xlsx")} download className={style} data-testid="export-xlsx">
        {t("staff.exportXlsx")}
      </a>
    </span>
  );
}
