import type { DB } from "~/platform/db/db.server";
import type { Locale, UserRow } from "~/platform/db/schema";
import { i18nFor } from "~/platform/i18n/instances.server";
import { directionOf } from "~/platform/i18n/languages";
import { env } from "~/platform/env.server";
import { insertOutboxMail } from "./queries.server";

export interface MailInput {
  to: string;
  locale: Locale;
  /** The recipient's name in their language. */
  name: string;
  /** A path of the site (the page concerned, or a set-password link): made absolute with PUBLIC_URL. */
  path: string;
  /** Already in the recipient's language (from locales/{ar,en}). */
  subject: string;
  body: string;
  /** The label of the link. */
  action: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Subject, plain text and HTML of a mail, in the recipient's language, with the link back to the site. */
export function composeMail(input: MailInput) {
  const t = i18nFor(input.locale).t;
  const link = `${env.publicUrl}${input.path}`;
  const greeting = t("mail.greeting", { name: input.name });
  const footer = t("mail.footer");
  const text = `${greeting}\n\n${input.body}\n\n${input.action}: ${link}\n\n${footer}\n`;
  const dir = directionOf(input.locale);
  const paragraphs = [greeting, input.body].map((part) => `<p>${escapeHtml(part)}</p>`).join("");
  const html = `<!doctype html><html lang="${input.locale}" dir="${dir}"><body style="font-family:sans-serif;line-height:1.6">${paragraphs}<p><a href="${escapeHtml(link)}">${escapeHtml(input.action)}</a></p><p style="color:#666">${escapeHtml(footer)}</p></body></html>`;
  return { to: input.to, locale: input.locale, subject: input.subject, text, html };
}

/**
 * Queues a mail in the outbox. Pass the transaction of the change that causes the mail: the mail is
 * written if and only if the change is, and the sender delivers it afterwards (docs/architecture.md §17).
 */
export async function queueMail(db: DB, input: MailInput) {
  await insertOutboxMail(db, composeMail(input));
}

/** A user as a mail's recipient: address, language, and first name in that language. */
export const recipientOf = (user: Pick<UserRow, "email" | "locale" | "first_name_en" | "first_name_ar">) => ({
  to: user.email,
  locale: user.locale,
  name: user.locale === "en" ? user.first_name_en : user.first_name_ar,
});

/**
 * A mail whose texts are `mail.<kind>.subject|body|action`, in the recipient's language; `translated`
 * values are translation keys, interpolated after translation (e.g. `{ role: "roles.CLERK" }`).
 */
export async function queueTemplateMail(
  db: DB,
  kind: "resetPassword" | "invitation",
  user: Parameters<typeof recipientOf>[0],
  path: string,
  translated: Record<string, string> = {},
) {
  const recipient = recipientOf(user);
  const t = i18nFor(recipient.locale).t;
  const values = Object.fromEntries(Object.entries(translated).map(([name, key]) => [name, t(key)]));
  await queueMail(db, {
    ...recipient,
    path,
    subject: t(`mail.${kind}.subject`, values),
    body: t(`mail.${kind}.body`, values),
    action: t(`mail.${kind}.action`, values),
  });
}
