import { done, refused, type Outcome } from "~/platform/outcome";
import type { DB } from "~/platform/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { findUserById, updatePasswordHash, updateUserProfile } from "~/modules/users/queries.server";
import { hashPassword, verifyPassword } from "~/modules/users/password.server";
import { deleteUserSessionsExcept } from "./queries.server";
import { nameColumnsOf, type ProfileInput } from "./schema";

export async function saveProfile(db: DB, actor: AuditActor, userId: number, input: ProfileInput) {
  await db.transaction().execute(async (trx) => {
    await updateUserProfile(trx, userId, {
      ...nameColumnsOf(input),
      phone: input.phone,
      locale: input.locale,
      calendar: input.calendar,
    });
    await audit(trx, actor, { action: "profile.update", entityType: "USERS", entityId: userId });
  });
}

/** With the current password; every other session of the user ends (docs/architecture.md §10). */
export async function changePassword(
  db: DB,
  actor: AuditActor,
  userId: number,
  passwords: { current: string; next: string },
  keepSessionId: string | null,
): Promise<Outcome> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password_hash, passwords.current))) {
    await audit(db, actor, { action: "profile.password_change_failed", entityType: "USERS", entityId: userId });
    return refused("profile.edit.currentPasswordWrong", "currentPassword");
  }
  const passwordHash = await hashPassword(passwords.next);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, userId, passwordHash);
    await deleteUserSessionsExcept(trx, userId, keepSessionId);
    await audit(trx, actor, { action: "profile.password_change", entityType: "USERS", entityId: userId });
  });
  return done();
}
