import { readable, standInKey } from "~/utils/bilingual";
import { useTranslation } from "~/platform/i18n/react";

/**
 * A value staff typed in both languages, in the reader's: or the other one standing in for it, marked
 * "(in English)" or "(بالعربية)" (docs/architecture.md §9). Isolated, so its direction never turns the line.
 */
export function BilingualText({
  en,
  ar,
  className,
}: {
  en: string | null | undefined;
  ar: string | null | undefined;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const value = readable(i18n.language, en, ar);
  if (!value) return null;
  return (
    <>
      <bdi lang={value.lang} dir={value.lang === "ar" ? "rtl" : "ltr"} className={className}>
        {value.text}
      </bdi>
      {value.standIn ? <span className="text-sm text-gray-11"> {t(standInKey(value.lang))}</span> : null}
    </>
  );
}
