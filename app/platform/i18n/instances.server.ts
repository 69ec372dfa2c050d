import { createInstance, type i18n } from "i18next";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages";
import type { Translate, Translator } from "./translator";

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
 * The server's translator of a language, given to the components through TranslatorContext. `t(key)` without values
 * remembers its answer: the instances and their resources never change, and i18next's lookup (nesting, fallbacks,
 * interpolation) was 6% of a signed-in page (docs/architecture.md §11). Calls with values are passed on as they are.
 */
export const translatorFor = (lng: Language): Translator => translators[lng];

const translators = Object.fromEntries(
  LANGUAGES.map((lng) => {
    const translate = instances[lng].t as unknown as (key: string | string[], values?: object) => string;
    const answers = new Map<string, string>();
    const t: Translate = (key, values) => {
      if (values !== undefined || typeof key !== "string") return String(translate(key, values));
      let answer = answers.get(key);
      if (answer === undefined) {
        answer = String(translate(key));
        answers.set(key, answer);
      }
      return answer;
    };
    return [lng, { language: lng, t }];
  }),
) as Record<Language, Translator>;
