import type { i18n as I18n } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext } from "react-i18next";

/**
 * The page's translations. react-i18next's own hook copies the whole i18next instance into a wrapper on
 * every call (5% of a server render in the profile); a page's language never changes while it is
 * shown (the language switch loads a new document), so the shared instance is returned as it is.
 */
export function useTranslation() {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return { t: typeof window === "undefined" ? rememberingT(i18n) : i18n.t, i18n };
}

type T = I18n["t"];
const rememberingTs = new WeakMap<I18n, T>();

/**
 * On the server, `t(key)` without options remembers its answer per language: the server's instances
 * and their resources never change, and i18next's lookup (nesting, fallbacks, interpolation) was 6% of
 * a signed-in page (docs/architecture.md §11). Calls with options are passed on as they are.
 */
function rememberingT(i18n: I18n): T {
  let t = rememberingTs.get(i18n);
  if (!t) {
    const translate = i18n.t as unknown as (...args: unknown[]) => unknown;
    const answers = new Map<string, string>();
    t = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string") return translate(key, ...rest);
      let answer = answers.get(key);
      if (answer === undefined) {
        answer = String(translate(key));
        answers.set(key, answer);
      }
      return answer;
    }) as unknown as T;
    rememberingTs.set(i18n, t);
  }
  return t;
}
