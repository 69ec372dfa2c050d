import type { DB } from "~/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { i18nFor } from "~/modules/i18n/instances.server";
import { queueMail } from "~/modules/mail/outbox.server";
import { findUserById } from "~/modules/users/queries.server";
import { issueAccountToken } from "./tokens.server";

/**
 * Mails a set-password link (7 days, once) to an account an admin created without a password, or again
 * when asked (earlier links stop working). Pass the transaction of the change (DESIGN 17).
 */
export async function sendInvitation(db: DB, userId: number, actor: AuditActor) {
  const user = await findUserById(db, userId);
  if (!user) return;
  const token = await issueAccountToken(db, user.id, "INVITE");
  const { t } = i18nFor(user.locale);
  await queueMail(db, {
    to: user.email,
    locale: user.locale,
    name: user.locale === "en" ? user.first_name_en : user.first_name_ar,
    path: `/reset-password?token=${token}`,
    subject: t("mail.invitation.subject"),
    body: t("mail.invitation.body", { role: t(`roles.${user.role}`) }),
    action: t("mail.invitation.action"),
  });
  await audit(db, actor, { action: "user.invite", entityType: "USERS", entityId: user.id });
}
