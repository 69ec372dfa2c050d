/**
 * Values staff type in both languages (docs/architecture.md §9). A name is required in both; a note or a
 * reason in one at least, and a reader whose language is missing reads the other one, marked as such.
 */
export type Lang = "en" | "ar";

/** What a reader of `lng` reads: their language's value, or the other standing in for it; null when neither. */
export function readable(
  lng: string,
  en: string | null | undefined,
  ar: string | null | undefined,
): { text: string; lang: Lang; standIn: boolean } | null {
  const own: Lang = lng === "en" ? "en" : "ar";
  const values = { en: en?.trim() ?? "", ar: ar?.trim() ?? "" };
  if (values[own]) return { text: values[own], lang: own, standIn: false };
  const other: Lang = own === "en" ? "ar" : "en";
  return values[other] ? { text: values[other], lang: other, standIn: true } : null;
}

/** The marker's locale key for a value standing in for the reader's language. */
export const standInKey = (lang: Lang) => (lang === "en" ? "common.inEnglish" : "common.inArabic");

/** The same as text (a mail, a CSV cell, a PDF): "words (in English)" where the value stands in. */
export function readableText(
  t: (key: string) => string,
  lng: string,
  en: string | null | undefined,
  ar: string | null | undefined,
): string {
  const value = readable(lng, en, ar);
  if (!value) return "";
  return value.standIn ? `${value.text} ${t(standInKey(value.lang))}` : value.text;
}

/** A value both languages must have (a document's name). */
export interface Bilingual {
  en: string;
  ar: string;
}

/** A value one language may be enough for (a note, a reason, an address): empty as null. */
export interface BilingualNote {
  en: string | null;
  ar: string | null;
}
