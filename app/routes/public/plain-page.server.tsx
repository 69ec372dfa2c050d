import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nFor } from "~/modules/i18n/instances.server";
import type { Language } from "~/modules/i18n/languages";

/**
 * A script-free public page (announcements) rendered as a plain document, as the verification pages are:
 * no hydration data, no client bundle, a few kilobytes.
 */
export function plainPage(lng: Language, page: ReactElement, status = 200) {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<I18nextProvider i18n={i18nFor(lng)}>{page}</I18nextProvider>)}`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache", Vary: "Accept-Language, Cookie" },
  });
}
