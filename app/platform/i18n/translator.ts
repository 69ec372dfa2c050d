import { createContext } from "react";

/** What a component translates with: `t(key, values)` and the page's language (`useTranslation` in utils/i18n). */
/** A key, or keys to try in order (the first the file has). */
export type Translate = (key: string | string[], values?: TranslateValues) => string;
export type TranslateValues = { defaultValue?: string } & Record<string, unknown>;

export interface Translator {
  readonly language: string;
  readonly t: Translate;
}

/** The page's translator: i18next's instance for the language on the server, `createTranslator` in the browser. */
export const TranslatorContext = createContext<Translator | null>(null);

type Resources = { [key: string]: string | Resources };

/**
 * The browser's translator, for hydration only (docs/decisions/0020): what our locale files use of i18next and no
 * more, so that every page does not download i18next and react-i18next. Keys are dotted paths into one file;
 * `{{name}}` takes the value of the same name and stays as it is without one, null is empty (nothing escaped: React escapes, as
 * i18next is told on the server);
 * a missing key answers its `defaultValue`, else the key, as i18next does. `locales.test.ts` checks that every
 * string of both languages comes out the same from both.
 */
export function createTranslator(language: string, resources: Resources): Translator {
  const cache = new Map<string, string | undefined>();
  const lookUp = (key: string): string | undefined => {
    if (cache.has(key)) return cache.get(key);
    const found = find(resources, key.split("."));
    cache.set(key, found);
    return found;
  };
  const t: Translate = (keys, values) => {
    let text: string | undefined;
    if (typeof keys === "string") text = lookUp(keys) ?? values?.defaultValue ?? keys;
    else {
      for (const key of keys) if ((text = lookUp(key)) !== undefined) break;
      text ??= values?.defaultValue ?? keys.at(-1) ?? "";
    }
    if (!values || !text.includes("{{")) return text;
    return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (placeholder, name: string) => {
      const value = values[name];
      if (value === undefined) return placeholder;
      return value === null ? "" : String(value);
    });
  };
  return { language, t };
}

/** The string at a dotted key; a key of the file may itself hold dots (`events.request.create`), as i18next allows. */
function find(node: Resources, parts: string[]): string | undefined {
  for (let take = 1; take <= parts.length; take++) {
    const next = node[parts.slice(0, take).join(".")];
    if (next === undefined) continue;
    if (take === parts.length) return typeof next === "string" ? next : undefined;
    if (typeof next === "object") {
      const found = find(next, parts.slice(take));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
