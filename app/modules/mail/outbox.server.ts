import type { DB } from "~/db/db.server";
import type { Locale } from "~/db/schema";
import { i18nFor } from "~/modules/i18n/instances.server";
import { directionOf } from "~/modules/i18n/languages";
import { env } from "~/utils/env.server";
import { insertOutboxMail } from "./queries.server";

/** The mails the service sends; their texts are `mail.<kind>.*` in locales/{ar,en}. */
export type MailKind = "resetPassword";

export interface MailInput {
  to: string;
  locale: Locale;
  kind: MailKind;
  /** The recipient's name in their language. */
  name: string;
  /** A path of the site (the page concerned, or a set-password link): made absolute with PUBLIC_URL. */
  path: string;
  /** Interpolated into the texts: a request number, a status already translated... */
  values?: Record<string, string | number>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Subject, plain text and HTML of a mail, in the recipient's language. */
export function composeMail(input: MailInput) {
  const t = i18nFor(input.locale).t;
  const values = { ...input.values, name: input.name };
  const link = `${env.publicUrl}${input.path}`;
  const subject = t(`mail.${input.kind}.subject`, values);
  const greeting = t("mail.greeting", values);
  const body = t(`mail.${input.kind}.body`, values);
  const action = t(`mail.${input.kind}.action`, values);
  const footer = t("mail.footer");
  const text = `${greeting}\n\n${body}\n\n${action}: ${link}\n\n${footer}\n`;
  const dir = directionOf(input.locale);
  const html = `<!doctype html><html lang="${input.locale}" dir="${dir}"><body style="font-family:sans-serif;line-height:1.6"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p style="color:#666">${escapeHtml(footer)}</p></body></html>`;
  return { to: input.to, locale: input.locale, subject, text, html };
}

/**
 * Queues a mail in the outbox. Pass the transaction of the change that causes the mail: the mail is
 * written if and only if the change is, and the sender delivers it afterwards (DESIGN 17).
 */
export async function queueMail(db: DB, input: MailInput) {
  await insertOutboxMail(db, composeMail(input));
}
