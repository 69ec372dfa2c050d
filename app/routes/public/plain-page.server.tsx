import type { ReactElement } from "react";
import type { RouterContextProvider } from "react-router";
import { FormTokenContext } from "~/components/forms/form-token";
import { formTokenContext } from "~/middleware/context";
import { getLocale } from "~/middleware/i18next.server";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nFor } from "~/platform/i18n/instances.server";

/**
 * A script-free public page (announcements) rendered as a plain document, as the verification pages are:
 * no hydration data, no client bundle, a few kilobytes.
 */
export function plainPage(context: Readonly<RouterContextProvider>, page: ReactElement, status = 200) {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(getLocale(context))}>
      <FormTokenContext.Provider value={context.get(formTokenContext)}>{page}</FormTokenContext.Provider>
    </I18nextProvider>,
  )}`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      Vary: "Accept-Language, Cookie",
    },
  });
}
