import { href } from "react-router";
import type { DB } from "~/platform/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { queueTemplateMail } from "~/platform/mail/outbox.server";
import { findUserById } from "~/modules/users/queries.server";
import { issueAccountToken } from "./tokens.server";

/**
 * Mails a set-password link (7 days, once) to an account an admin created without a password, or again
 * when asked (earlier links stop working). Pass the transaction of the change (docs/architecture.md §17).
 */
export async function sendInvitation(db: DB, userId: number, actor: AuditActor) {
  const user = await findUserById(db, userId);
  if (!user) return;
  const token = await issueAccountToken(db, user.id, "INVITE");
  await queueTemplateMail(db, "invitation", user, `${href("/reset-password")}?token=${token}`, {
    role: `roles.${user.role}`,
  });
  await audit(db, actor, { action: "user.invite", entityType: "USERS", entityId: user.id });
}
