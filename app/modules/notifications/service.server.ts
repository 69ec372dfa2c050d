import type { DB } from "~/platform/db/db.server";
import { readableText, type BilingualNote } from "~/utils/bilingual";
import { i18nFor } from "~/platform/i18n/instances.server";
import { queueMail, recipientOf } from "~/platform/mail/outbox.server";
import { findUserById } from "~/modules/users/queries.server";
import { activeClerksOf, insertNotification } from "./queries.server";

/** What users are told about; the texts are `notifications.<kind>.title|body` in locales/{ar,en}. */
export type NotificationKind =
  | "requestStatus"
  | "documentIssued"
  | "documentRevoked"
  | "newRequest"
  | "newAttestation"
  | "attestationApproved"
  | "attestationRejected"
  | "webhookDisabled"
  | "nationalIdReleased";

export interface Notice {
  kind: NotificationKind;
  /** The page concerned (a path of the site). */
  link: string;
  /** Interpolated into the texts as they are. */
  values?: Record<string, string | number>;
  /** Values staff typed in both languages: each language's text reads its own (or the other, marked). */
  bilingual?: Record<string, BilingualNote>;
  /** Interpolated after translation in each language (e.g. `{ status: "status.APPROVED" }`). */
  translated?: Record<string, string>;
  /** Another body than `notifications.<kind>.body`. */
  bodyKey?: string;
}

function textsIn(lng: "ar" | "en", notice: Notice) {
  const { t } = i18nFor(lng);
  const values = {
    ...notice.values,
    ...Object.fromEntries(
      Object.entries(notice.bilingual ?? {}).map(([name, value]) => [name, readableText(t, lng, value.en, value.ar)]),
    ),
    ...Object.fromEntries(Object.entries(notice.translated ?? {}).map(([name, key]) => [name, t(key)])),
  };
  return {
    title: t(`notifications.${notice.kind}.title`, values),
    body: t(notice.bodyKey ?? `notifications.${notice.kind}.body`, values),
  };
}

/**
 * Tells a user in-app and, with `mail`, by mail in their language (docs/architecture.md §17). Pass the transaction of
 * the change: the notice and the mail are written with it or not at all.
 */
export async function notify(db: DB, userId: number, notice: Notice, options: { mail?: boolean } = {}) {
  const en = textsIn("en", notice);
  const ar = textsIn("ar", notice);
  await insertNotification(db, {
    userId,
    kind: notice.kind,
    titleEn: en.title,
    titleAr: ar.title,
    bodyEn: en.body,
    bodyAr: ar.body,
    link: notice.link,
  });
  if (!options.mail) return;
  const user = await findUserById(db, userId);
  if (!user || user.status !== "ACTIVE") return;
  const texts = user.locale === "en" ? en : ar;
  await queueMail(db, {
    ...recipientOf(user),
    path: notice.link,
    subject: texts.title,
    body: texts.body,
    action: i18nFor(user.locale).t("mail.open"),
  });
}

/** A client's active clerks hear of a new request for their client, in-app. */
export async function notifyClerksOfClient(db: DB, clientId: number, notice: Notice) {
  for (const clerk of await activeClerksOf(db, clientId)) await notify(db, clerk.id, notice);
}
