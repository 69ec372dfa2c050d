/** Dates in the page's language (DESIGN section 9); Arabic uses Latin digits for codes and ids elsewhere. */
export function formatDate(iso: string, lng: string) {
  return new Intl.DateTimeFormat(lng === "ar" ? "ar" : "en-GB", { year: "numeric", month: "long", day: "2-digit" }).format(
    new Date(iso),
  );
}

/** The spec's 'MMMM dd, yyyy HH:mm', localised. */
export function formatDateTime(iso: string, lng: string) {
  return new Intl.DateTimeFormat(lng === "ar" ? "ar" : "en-US", {
    year: "numeric",
    month: "long",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  }).format(new Date(iso));
}
