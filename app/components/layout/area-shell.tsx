import { PageTitle } from "~/components/ui/page-title";
import { createContext, useContext, useEffect, useRef } from "react";
import { useTranslation } from "~/platform/i18n/react";
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigation,
  useParams,
  useRouteError,
  href,
} from "react-router";
import { RequestSkeleton } from "~/components/requests/request-skeleton";
import { Callout } from "~/components/ui/callout";
import { AREAS, type Area, type AreaKey, type SidebarLink } from "~/modules/access";
import type { SessionUser } from "~/modules/auth/session-user";
import { ErrorPage, messageOf, reasonOf } from "./error-page";
import { LanguageSwitch } from "./language-switch";
import { VersionSwitch } from "./version-switch";
import { NotificationBell } from "./notification-bell";
import { SidebarNav } from "./sidebar";
import { UserMenu } from "./user-menu";

interface ShellData {
  area: AreaKey;
  user: SessionUser;
  links: SidebarLink[];
  unread: number;
}

const AreaContext = createContext<Area>(AREAS.shared);

/** The area the screen is shown in, as the area layout put it into the router context. */
export const useArea = () => useContext(AreaContext);

function Shell({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const sheetToggle = useRef<HTMLInputElement>(null);
  const location = useLocation();

  // With JS, navigating closes the small-screen sheet (without JS every click loads a new page).
  useEffect(() => {
    if (sheetToggle.current) sheetToggle.current.checked = false;
  }, [location.pathname]);

  return (
    <AreaContext.Provider value={AREAS[data.area]}>
      {/* The account menu comes last in the document (a text browser or a screen reader reaches it after the
          content) and is drawn in the top bar's end: both are in the first row of this grid. */}
      <div className="shell grid min-h-screen grid-cols-1 grid-rows-[auto_1fr] md:grid-cols-[16rem_1fr]">
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          {t("app.skipToContent")}
        </a>
        {/* On a phone (320 px) the bar holds the menu button, the name (cut short), the bell, the other
            language and the account menu on one line: nothing scrolls sideways. */}
        <header className="col-start-1 row-start-1 flex items-center justify-between gap-2 border-b border-gray-5 bg-white py-2 ps-2 pe-14 sm:gap-3 sm:ps-4 sm:pe-16 md:col-span-2">
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            {/* The sheet opens and closes with this checkbox and its labels: no JS needed. It lives in the
                banner landmark, and on wide screens (no sheet) it is gone from the tab order. */}
            <input
              ref={sheetToggle}
              type="checkbox"
              id="nav-sheet"
              className="peer sr-only md:hidden"
              aria-label={t("nav.openMenu")}
            />{" "}
            <label
              htmlFor="nav-sheet"
              className="cursor-pointer rounded-md border border-gray-6 px-3 py-1.5 text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-accent-8 md:hidden"
            >
              {t("nav.openMenu")}
            </label>{" "}
            <Link to={href("/dashboard")} className="min-w-0 font-bold leading-tight text-accent-11">
              {t("app.name")}
            </Link>
          </div>
          <div className="flex shrink-0 items-center gap-1 sm:gap-3">
            <NotificationBell unread={data.unread} />
            <LanguageSwitch />
          </div>
        </header>
        <label
          htmlFor="nav-sheet"
          aria-hidden="true"
          className="fixed inset-0 z-30 hidden bg-black/40 md:hidden [.shell:has(#nav-sheet:checked)_&]:block"
        />
        <aside
          id="sidebar"
          className="fixed inset-y-0 start-0 z-40 hidden w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl md:static [.shell:has(#nav-sheet:checked)_&]:block md:z-auto md:block md:w-auto md:max-w-none md:border-e md:border-gray-5 md:shadow-none"
        >
          <div className="mb-3 flex justify-end md:hidden">
            <label htmlFor="nav-sheet" className="cursor-pointer rounded-md px-3 py-1.5 text-sm hover:bg-gray-3">
              {t("nav.closeMenu")}
            </label>
          </div>
          <SidebarNav links={data.links} />
        </aside>
        <main id="content" className="row-start-2 min-w-0 p-4 md:col-start-2 md:p-8">
          {children}
          <footer className="mt-10 border-t border-gray-5 pt-3">
            <VersionSwitch />
          </footer>
        </main>
        <UserMenu
          user={data.user}
          className="z-30 col-start-1 row-start-1 me-2 self-center justify-self-end sm:me-4 md:col-start-2"
        />
      </div>
    </AreaContext.Provider>
  );
}

/** One layout for the five role areas and the shared dashboard group (each mounted by its own small route file). */
export function AreaShell() {
  // Re-exported as each area's route component, so it reads its data with the hook rather than props.
  const loaderData = useLoaderData() as ShellData;
  const navigation = useNavigation();
  const loadingRequest = navigation.state === "loading" && /\/request\/\d+$/.test(navigation.location.pathname);
  return <Shell data={loaderData}>{loadingRequest ? <RequestSkeleton /> : <Outlet />}</Shell>;
}

/**
 * A screen's 403 or 404 keeps the area's top bar and sidebar, so no one is stranded; the request detail's
 * 404 says 'No Data Found WIth ID {id}' (docs/product.md, Who uses it). When the area's own guard refused, the plain error page.
 */
export function AreaErrorBoundary() {
  const loaderData = useMatches().find((match) => match.id.startsWith("routes/areas/") && match.data)?.data as
    ShellData | undefined;
  const error = useRouteError();
  const params = useParams();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason = isRouteErrorResponse(error) ? reasonOf(error.data) : undefined;
  if (!loaderData) return <ErrorPage status={status} reason={reason} />;
  const requestScreen = status === 404 && params.id && /^\d+$/.test(params.id);
  // A screen's own words for its 404 ('Error loading data.'), else the spec's 'No Data Found WIth ID {id}'.
  const message =
    (isRouteErrorResponse(error) ? messageOf(error.data) : undefined) ??
    (requestScreen ? { key: "errors.noDataWithId", values: { id: params.id! } } : undefined);
  return (
    <Shell data={loaderData}>
      {message ? (
        <>
          <PageTitle title={t(message.key, message.values)} />
          <Callout tone="warning">
            <span data-testid="no-data">{t(message.key, message.values)}</span>
          </Callout>
        </>
      ) : (
        <ErrorPage status={status} reason={reason} inShell />
      )}
    </Shell>
  );
}
