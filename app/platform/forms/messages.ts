import type { TFunction } from "i18next";
import type { Translate } from "~/platform/i18n/translator";

/**
 * A validation message that names what is wrong (a placeholder, a row, a column): the locale key and its values,
 * carried as one string through conform's errors ("key|{json}") and translated where errors are shown.
 */
export const messageWith = (key: string, values: Record<string, string | number>) => `${key}|${JSON.stringify(values)}`;

/** An error as the reader reads it: a plain key, or a key with its values. */
export function translateMessage(t: TFunction | Translate, message: string) {
  const bar = message.indexOf("|");
  if (bar < 0) return (t as (key: string) => string)(message);
  return (t as (key: string, values: object) => string)(message.slice(0, bar), JSON.parse(message.slice(bar + 1)));
}
