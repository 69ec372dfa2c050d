import { useEffect } from "react";
import { useTranslation } from "~/platform/i18n/react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { currentRequestId } from "~/platform/log/logger.server";
import "./app.css";
import { Toaster } from "./components/layout/toaster";
import { ErrorPage, reasonOf } from "./components/layout/error-page";
import { formTokenContext, toastContext } from "~/platform/http/context";
import { FormTokenContext } from "./components/forms/form-token";
import { getLocale, i18nextMiddleware } from "./middleware/i18next.server";
import { requestGuardMiddleware } from "./middleware/request-guard.server";
import { sessionMiddleware, toastMiddleware } from "./middleware/session.server";
import { DEFAULT_LANGUAGE, directionOf } from "./platform/i18n/languages";
import { CalendarContext } from "~/utils/calendar";
import { calendarFor } from "~/utils/format";
import { principalOf } from "~/modules/access/require.server";
import { isLight } from "~/platform/http/light-version.server";

import { keepStatusHeaders } from "./platform/http/route-headers";

/** Pages differ with Save-Data (the light version, docs/decisions/0028): a cache keeps them apart. */
export const headers: Route.HeadersFunction = (args) => {
  const answer = new Headers(keepStatusHeaders(args));
  answer.append("Vary", "Save-Data");
  return answer;
};

export const middleware: Route.MiddlewareFunction[] = [
  i18nextMiddleware,
  requestGuardMiddleware,
  sessionMiddleware,
  toastMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    light: await isLight(request),
    locale: getLocale(context),
    calendar: calendarFor(principalOf(context).user?.calendar, getLocale(context)),
    toast: context.get(toastContext),
    formToken: context.get(formTokenContext),
    showErrorDetails: process.env.NODE_ENV !== "production",
    requestId: currentRequestId(),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const lng = data?.locale ?? i18n.language ?? DEFAULT_LANGUAGE;
  // A marker for tests (and styles) that the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={lng} dir={directionOf(lng)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <CalendarContext.Provider value={data?.calendar ?? null}>
          <FormTokenContext.Provider value={data?.formToken ?? ""}>{children}</FormTokenContext.Provider>
        </CalendarContext.Provider>
        {/* The light version (docs/decisions/0028): no script, no module preload; forms and links do everything. */}
        {data?.light ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* First in the page: without script a toast is read, and shown, before the screen it speaks of. */}
      <Toaster toast={loaderData.toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} reason={reasonOf(error.data)} />;
  const details =
    data?.showErrorDetails !== false && error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : undefined;
  return <ErrorPage status={500} details={details} />;
}
