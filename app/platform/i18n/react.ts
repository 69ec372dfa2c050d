import { useContext } from "react";
import { TranslatorContext, type Translator } from "~/platform/i18n/translator";

/**
 * The page's translations: `t` and, as `i18n`, the translator with its `language`. The server gives i18next's
 * (translatorFor), the browser a small one of its own (createTranslator, docs/decisions/0020); a page's language
 * never changes while it is shown (the language switch loads a new document).
 */
export function useTranslation(): { t: Translator["t"]; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslatorContext provider (entry.server, entry.client)");
  return { t: translator.t, i18n: translator };
}
