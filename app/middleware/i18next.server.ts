import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import ar from "../../locales/ar/common.json";
import en from "../../locales/en/common.json";
import { DEFAULT_LANGUAGE, LANGUAGES, parseLanguage } from "~/modules/i18n/languages";

export const resources = { ar: { common: ar }, en: { common: en } };

/** Remembers the language chosen with the switch (DESIGN section 9). */
export const localeCookie = createCookie("i18nextLng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: localeCookie,
    // `custom` reads `?lng=` strictly; the library's own parsing is looser than we want.
    order: ["custom", "cookie", "header"],
    findLocale: async (request) => parseLanguage(new URL(request.url).searchParams.get("lng")),
  },
  i18next: {
    resources,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: "common",
    ns: ["common"],
    interpolation: { escapeValue: false },
  },
});
