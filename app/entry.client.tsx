import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { href } from "react-router";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, parseLanguage } from "./platform/i18n/languages";

async function hydrate() {
  const lng = parseLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
  // The server renders every page; translations are fetched once (cacheable) only to hydrate.
  const response = await fetch(href("/locales/:lng/:file", { lng, file: "common.json" }));
  const common = response.ok ? await response.json() : {};
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: "common",
    ns: ["common"],
    resources: { [lng]: { common } },
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
