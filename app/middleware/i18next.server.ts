import { createCookie } from "react-router";
import { createInstance, type i18n } from "i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { RemixI18Next } from "remix-i18next/server";
import ar from "../../locales/ar/common.json";
import en from "../../locales/en/common.json";
import { DEFAULT_LANGUAGE, LANGUAGES, parseLanguage, type Language } from "~/modules/i18n/languages";

export const resources = { ar: { common: ar }, en: { common: en } };

/** Remembers the language chosen with the switch (DESIGN section 9). */
export const localeCookie = createCookie("i18nextLng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const detection = {
  supportedLanguages: [...LANGUAGES],
  fallbackLanguage: DEFAULT_LANGUAGE,
  cookie: localeCookie,
  // `custom` reads `?lng=` strictly; the library's own parsing is looser than we want.
  order: ["custom", "cookie", "header"] as ("custom" | "cookie" | "header")[],
  findLocale: async (request: Request) => parseLanguage(new URL(request.url).searchParams.get("lng")),
};

const i18nextOptions = {
  resources,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
};

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({ detection, i18next: i18nextOptions });

/** The same detection outside React Router's middleware (the verification documents). */
const detector = new RemixI18Next({ detection });
export const detectLanguage = async (request: Request): Promise<Language> => parseLanguage(await detector.getLocale(request)) ?? DEFAULT_LANGUAGE;

const instances = new Map<Language, i18n>();
/** One ready i18next instance per language, shared by every request (its language never changes). */
export async function i18nFor(lng: Language): Promise<i18n> {
  let instance = instances.get(lng);
  if (!instance) {
    instance = createInstance(i18nextOptions);
    await instance.init({ lng });
    instances.set(lng, instance);
  }
  return instance;
}
