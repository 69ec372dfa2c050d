/**
 * What people type in the region: Arabic-Indic (٠١٢…) and Persian (۰۱۲…) digits as well as 0-9, and dates
 * day first (30/06/2024) as well as ISO 8601. Numbers, codes and dates are read in any of these; free text
 * is kept as typed.
 */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** ٣٠ and ۳۰ as 30 (the two ranges end in the digit's value). */
export const toLatinDigits = (text: string) =>
  text.replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));

/**
 * A calendar date as typed: `2024-06-30`, or day first `30/06/2024` (also with `-` or `.`), in any of the
 * digits above. Returns ISO `yyyy-mm-dd`, or null when it is not a real date.
 */
export function parseUserDate(typed: string): string | null {
  const text = toLatinDigits(typed)
    .trim()
    .replace(/[\u200e\u200f]/g, "");
  const isoFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  const [year, month, day] = isoFirst
    ? [isoFirst[1], isoFirst[2], isoFirst[3]]
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]]
      : [];
  if (!year) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  )
    return null;
  return date.toISOString().slice(0, 10);
}
