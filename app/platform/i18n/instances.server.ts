import { createInstance, type i18n } from "i18next";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages";
import { createTranslator, type Translator } from "./translator";

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

/**
 * The server's translator of a language, given to the components through TranslatorContext: the browser's own
 * (`createTranslator`), which `locales.test.ts` proves says every string of both languages as i18next does, with and
 * without values. i18next's lookup (nesting, fallbacks, interpolation) was 6% of a signed-in page, and its calls with
 * values still 2.4% of the work queue once the others were remembered (docs/architecture.md §11).
 */
export const translatorFor = (lng: Language): Translator => translators[lng];

const translators = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, createTranslator(lng, resources[lng].common)]),
) as Record<Language, Translator>;
