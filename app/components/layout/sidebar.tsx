import { useTranslation } from "~/platform/i18n/react";
import { NavLink } from "react-router";
import type { SidebarLink } from "~/modules/access";

/** The role's links; the active one (path equals target) is highlighted. */
export function SidebarNav({ links }: { links: SidebarLink[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("nav.mainNavigation")}>
      <ul className="flex flex-col gap-1" data-testid="sidebar-links">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm ${isActive ? "bg-accent-3 font-semibold text-accent-11" : "text-gray-12 hover:bg-gray-3"}`
              }
            >
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
