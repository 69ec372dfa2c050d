import type { ReactElement } from "react";
import type { RouterContextProvider } from "react-router";
import { FormTokenContext } from "~/components/forms/form-token";
import { formTokenContext } from "~/platform/http/context";
import { getLocale } from "~/middleware/i18next.server";
import { renderToStaticMarkup } from "react-dom/server";
import { translatorFor } from "~/platform/i18n/instances.server";
import { TranslatorContext } from "~/platform/i18n/translator";

/**
 * A script-free public page (announcements) rendered as a plain document, as the verification pages are:
 * no hydration data, no client bundle, a few kilobytes.
 */
export function plainPage(context: Readonly<RouterContextProvider>, page: ReactElement, status = 200) {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    <TranslatorContext.Provider value={translatorFor(getLocale(context))}>
      <FormTokenContext.Provider value={context.get(formTokenContext)}>{page}</FormTokenContext.Provider>
    </TranslatorContext.Provider>,
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
