import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useNavigation } from "react-router";
import { RequestSkeleton } from "~/components/requests/request-skeleton";
import { LanguageSwitch } from "~/components/layout/language-switch";
import { SidebarNav } from "~/components/layout/sidebar";
import { UserMenu } from "~/components/layout/user-menu";
import { areaGuard, requireUser } from "~/middleware/guard.server";
import { sidebarLinks } from "~/modules/navigation/areas";
import type { Route } from "./+types/area-layout";

/**
 * One layout for the five role areas and the shared dashboard group (mounted several times in
 * routes.ts). The guard lets in only the area's role; the shared group lets in any signed-in user.
 */
export const middleware: Route.MiddlewareFunction[] = [areaGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { user, links: sidebarLinks(user.role, user.client?.canDoSincera ?? false) };
}

export default function AreaLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, links } = loaderData;
  const sheetToggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const navigation = useNavigation();
  const loadingRequest = navigation.state === "loading" && /\/request\/\d+$/.test(navigation.location.pathname);

  // With JS, navigating closes the small-screen sheet (without JS every click loads a new page).
  useEffect(() => {
    if (sheetToggle.current) sheetToggle.current.checked = false;
  }, [location.pathname]);

  return (
    <div className="min-h-screen md:grid md:grid-cols-[16rem_1fr] md:grid-rows-[auto_1fr]">
      <a href="#content" className="sr-only focus:not-sr-only">
        {t("app.skipToContent")}
      </a>
      {/* The sheet opens and closes with this checkbox and its labels: no JS needed. */}
      <input ref={sheetToggle} type="checkbox" id="nav-sheet" className="peer sr-only" aria-label={t("nav.openMenu")} />
      <header className="flex items-center justify-between gap-3 border-b border-gray-5 bg-white px-4 py-2 md:col-span-2">
        <div className="flex items-center gap-3">
          <label htmlFor="nav-sheet" className="cursor-pointer rounded-md border border-gray-6 px-3 py-1.5 text-sm md:hidden">
            {t("nav.openMenu")}
          </label>
          <Link to="/dashboard" className="font-bold text-accent-11">
            {t("app.name")}
          </Link>
        </div>
        <div className="flex items-center gap-3">
          <LanguageSwitch />
          <UserMenu user={user} />
        </div>
      </header>
      <label htmlFor="nav-sheet" aria-hidden="true" className="fixed inset-0 z-30 hidden bg-black/40 peer-checked:block md:hidden" />
      <aside
        id="sidebar"
        className="fixed inset-y-0 start-0 z-40 hidden w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl peer-checked:block md:static md:z-auto md:block md:w-auto md:max-w-none md:border-e md:border-gray-5 md:shadow-none"
      >
        <div className="mb-3 flex justify-end md:hidden">
          <label htmlFor="nav-sheet" className="cursor-pointer rounded-md px-3 py-1.5 text-sm hover:bg-gray-3">
            {t("nav.closeMenu")}
          </label>
        </div>
        <SidebarNav links={links} />
      </aside>
      <main id="content" className="min-w-0 p-4 md:p-8">
        {loadingRequest ? <RequestSkeleton /> : <Outlet />}
      </main>
    </div>
  );
}
