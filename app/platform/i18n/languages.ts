export const LANGUAGES = ["ar", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ar";

/** Only exactly `ar` or `en`: anything else (including script-like strings) is ignored. */
export function parseLanguage(value: unknown): Language | null {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : null;
}

export const directionOf = (lng: string): "rtl" | "ltr" => (lng === "ar" ? "rtl" : "ltr");

/** The key of a bilingual value for the page language. */
export const bilingualKey = (lng: string): "english" | "arabic" => (lng === "en" ? "english" : "arabic");
