import { createInstance, type i18n } from "i18next";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages";

export const resources = { ar: { common: ar }, en: { common: en } };

// One ready i18next instance per language, created once and shared by every request (docs/architecture.md §11): a
// page's language never changes while it renders, so nothing per request needs its own instance.
const instances = Object.fromEntries(
  LANGUAGES.map((lng) => {
    const instance = createInstance({
      resources,
      lng,
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      defaultNS: "common",
      ns: ["common"],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    void instance.init();
    return [lng, instance];
  }),
) as Record<Language, i18n>;

export const i18nFor = (lng: Language): i18n => instances[lng];
