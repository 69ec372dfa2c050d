import { useTranslation } from "~/platform/i18n/react";
import { Link, useLocation } from "react-router";

/** Previous / next links that keep the other search parameters (work without JS). */
export function Pagination({ page, size, total }: { page: number; size: number; total: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params}`;
  };
  const linkClass = "rounded-md border border-gray-6 px-3 py-1.5 text-sm hover:bg-gray-3";
  return (
    <nav
      className="flex items-center justify-between gap-3"
      aria-label={t("requests.pageOf", { page: page + 1, pages })}
    >
      {page > 0 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          {t("requests.previous")}
        </Link>
      ) : (
        <span />
      )}{" "}
      <span className="text-sm text-gray-11">{t("requests.pageOf", { page: page + 1, pages })}</span>{" "}
      {page + 1 < pages ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          {t("requests.nextPage")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
