import type { Calendar } from "./calendars";

// Building an Intl formatter is costly (a new RelativeTimeFormat per row was 3% of the work queue's CPU): keep
// one per kind, language and style.
const formatters = new Map<string, unknown>();
function kept<Formatter>(key: string, make: () => Formatter): Formatter {
  let cached = formatters.get(key) as Formatter | undefined;
  if (!cached) formatters.set(key, (cached = make()));
  return cached;
}
const formatter = (key: string, locale: string, options: Intl.DateTimeFormatOptions) =>
  kept(key, () => new Intl.DateTimeFormat(locale, options));

/** The calendars a reader may read dates in (docs/architecture.md §9): Hijri is Umm al-Qura, as Intl ships it. */
export type { Calendar };

/** A reader's calendar: their choice, else their language's default (both in Arabic, Gregorian in English). */
export const calendarFor = (choice: Calendar | null | undefined, lng: string): Calendar =>
  choice ?? (lng === "ar" ? "BOTH" : "GREGORIAN");

/**
 * One format per kind, in each language's own order (docs/product.md, Dates): the spec's 'MMMM dd, yyyy' in
 * English ("November 07, 2026"), and day, month, year in Arabic with no zero before the day ("7 نوفمبر 2026"); the
 * month's name in the page's language, the year with its era in the Hijri calendar, in UTC.
 */
// The days already written: a list's dates fall on a few days, and formatToParts was 2% of a staff list's CPU.
const days = new Map<string, string>();

function dayIn(iso: string, lng: string, hijri: boolean) {
  // The day alone is formatted (in UTC): a UTC moment's key is its date, the first ten characters.
  const key = `${/^\d{4}-\d{2}-\d{2}T[^+]*Z$/.test(iso) ? iso.slice(0, 10) : iso} ${lng} ${hijri}`;
  let day = days.get(key);
  if (day === undefined) {
    if (days.size >= 5_000) days.clear();
    days.set(key, (day = formatDay(iso, lng, hijri)));
  }
  return day;
}

function formatDay(iso: string, lng: string, hijri: boolean) {
  const arabic = lng === "ar";
  // Western digits in both languages, whatever a browser's Arabic default (the server's text and the hydrated one agree).
  const locale = (arabic ? "ar" : "en-US") + (hijri ? "-u-ca-islamic-umalqura-nu-latn" : "-u-nu-latn");
  const options: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "long",
    day: arabic ? "numeric" : "2-digit",
    timeZone: "UTC",
  };
  const parts = Object.fromEntries(
    formatter(`date:${locale}`, locale, options)
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  const date = arabic ? `${parts.day} ${parts.month} ${parts.year}` : `${parts.month} ${parts.day}, ${parts.year}`;
  return hijri ? `${date} ${parts.era}` : date;
}

function timeOf(iso: string) {
  const options: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" };
  const parts = Object.fromEntries(
    formatter("time", "en-US", options)
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.hour}:${parts.minute}`;
}

function inCalendar(iso: string, lng: string, calendar: Calendar, withTime: boolean) {
  // Arabic puts a comma between the date and the time, as Intl's own Arabic pattern does ("{1}، {0}").
  const time = withTime ? `${lng === "ar" ? "،" : ""} ${timeOf(iso)}` : "";
  if (calendar === "HIJRI") return `${dayIn(iso, lng, true)}${time}`;
  const gregorian = `${dayIn(iso, lng, false)}${time}`;
  return calendar === "BOTH" ? `${gregorian} (${dayIn(iso, lng, true)})` : gregorian;
}

/** A date alone: "November 03, 2026", "3 نوفمبر 2026", in the reader's calendar. */
export const formatDate = (iso: string, lng: string, calendar: Calendar = "GREGORIAN") =>
  inCalendar(iso, lng, calendar, false);

/** A moment: "November 03, 2026 21:05", "3 نوفمبر 2026، 21:05", in the reader's calendar. */
export const formatDateTime = (iso: string, lng: string, calendar: Calendar = "GREGORIAN") =>
  inCalendar(iso, lng, calendar, true);

/** Fees are stored in minor units of their ISO 4217 currency. */
export function formatMoney(minor: number, currency: string, lng: string) {
  const locale = lng === "ar" ? "ar" : "en";
  const format = kept(
    `money:${locale}:${currency}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency }),
  );
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** How long ago, in whole days ("today", "3 days ago"), in the page's language. */
export function formatAge(iso: string, now: number, lng: string) {
  const days = Math.floor((now - Date.parse(iso)) / 86_400_000);
  const locale = lng === "ar" ? "ar" : "en";
  const format = kept(`age:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
  return format.format(-Math.max(0, days), "day");
}

/** A file's size in kB or MB, in the page's language. */
export function formatFileSize(bytes: number, lng: string) {
  const megabytes = bytes >= 1024 * 1024;
  const unit = megabytes ? "megabyte" : "kilobyte";
  const locale = lng === "ar" ? "ar" : "en";
  const format = kept(
    `size:${locale}:${unit}`,
    () => new Intl.NumberFormat(locale, { style: "unit", unit, maximumFractionDigits: 1 }),
  );
  return format.format(bytes / (megabytes ? 1024 * 1024 : 1024));
}

/** The English or Arabic member of a bilingual pair, by page language. */
/**
 * A value set inside a translated sentence, isolated with Unicode's first-strong isolate (U+2068 ... U+2069),
 * the plain-text form of `<bdi>`: an English note or file name in an Arabic sentence keeps its punctuation
 * and numbers in place, and does not reorder the sentence around it.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;

export const pick = (lng: string, english: string, arabic: string) => (lng === "en" ? english : arabic);

/** A person's first and last names in both languages, as the users table holds them. */
export interface PersonNames {
  first_name_en: string;
  last_name_en: string;
  first_name_ar: string;
  last_name_ar: string;
}

/** First and last name in the page's language. */
export const personName = (lng: string, person: PersonNames) =>
  pick(lng, `${person.first_name_en} ${person.last_name_en}`, `${person.first_name_ar} ${person.last_name_ar}`);

/** `field_name` shown as 'Field Name' (spec: underscores turned into capitalised words). */
export const humanizeFieldName = (name: string) =>
  name
    .split("_")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

const FILE_KINDS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/gif": "gif",
  "application/msword": "word",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "word",
  "application/vnd.ms-excel": "excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "excel",
};

/** What a file is, as a person names it ("PDF", "PNG image"): the locale key of its MIME type. */
export const fileKindKey = (mimeType: string) => `files.kind.${FILE_KINDS[mimeType] ?? "other"}`;

type Named = { id: number; name_en: string; name_ar: string };

/** Rows named in both languages as a select's options (`id` for a form's select, `value` for a filter's). */
export const namedOptions = (lng: string, rows: Named[]) =>
  rows.map((row) => ({ id: row.id, value: row.id, label: pick(lng, row.name_en, row.name_ar) }));

/** Rows named in both languages as a list of links, each to its own page (none where the reader may not go). */
export const namedLinks = (lng: string, rows: Named[], hrefOf: (id: number) => string | null) =>
  rows.map((row) => ({ id: row.id, label: pick(lng, row.name_en, row.name_ar), href: hrefOf(row.id) }));
