import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { href } from "react-router";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, parseLanguage } from "./platform/i18n/languages";
import { createTranslator, TranslatorContext } from "./platform/i18n/translator";

async function hydrate() {
  const lng = parseLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
  // The server renders every page; translations are fetched once (cacheable) only to hydrate, and read by a
  // translator of our own rather than i18next (docs/decisions/0020).
  const response = await fetch(href("/locales/:lng/:file", { lng, file: "common.json" }));
  const translator = createTranslator(lng, response.ok ? await response.json() : {});
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslatorContext.Provider value={translator}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </TranslatorContext.Provider>,
    );
  });
}

void hydrate();
