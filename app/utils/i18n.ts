import { useContext } from "react";
import { getI18n, I18nContext } from "react-i18next";

/**
 * The page's translations. react-i18next's own hook copies the whole i18next instance into a wrapper on
 * every call (5% of a server render in the profile); a page's language never changes while it is
 * shown (the language switch loads a new document), so the shared instance is returned as it is.
 */
export function useTranslation() {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return { t: i18n.t, i18n };
}
