import { isolate } from "~/utils/format";

export type ToastKind = "success" | "error" | "info" | "warning";

/**
 * A value in a toast's message: as is, a name in both languages (the page's is shown), or a translation key
 * (`{ key: "status.APPROVED" }`), so an Arabic page never shows an English name or a raw code.
 */
export type ToastParam = string | number | { en: string; ar: string } | { key: string };

/** A flash message: translation keys, rendered in the page's language. */
export interface Toast {
  /** Set when the toast is flashed, so the same toast is not shown twice. */
  id?: string;
  kind: ToastKind;
  message: string;
  description?: string;
  params?: Record<string, ToastParam>;
  /** What the toast speaks of, as a link: its label is a translation key, with the same params. */
  link?: { href: string; label: string };
}

/** The toast's values in the page's language, ready for `t()`. */
export function toastValues(
  params: Toast["params"],
  lng: string,
  t: (key: string) => string,
): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value === "number") values[name] = value;
    else if (typeof value === "string") values[name] = isolate(value);
    else if ("key" in value) values[name] = t(value.key);
    else values[name] = isolate(lng === "en" ? value.en : value.ar);
  }
  return values;
}
