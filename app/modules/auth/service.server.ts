import { conflict, done, type Outcome, refused } from "~/platform/outcome";
import type { DB } from "~/platform/db/db.server";
import type { Locale, UserRow } from "~/platform/db/schema";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { openBeneficiaryAccount } from "~/modules/users/service.server";
import {
  findUserByEmail,
  findUserById,
  ninTaken,
  recordSignIn,
  staffClientIdOf,
  updatePasswordHash,
  updateUserProfile,
} from "~/modules/users/queries.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "~/modules/users/password.server";
import { nameColumnsOf, type ProfileInput, type RegisterInput } from "./schema";
import { href } from "react-router";
import { queueTemplateMail } from "~/platform/mail/outbox.server";
import { issueAccountToken } from "./tokens.server";
import { deleteUserSessionsExcept } from "./queries.server";

export type SignInResult = Outcome<{ user: UserRow }>;

/** Checks credentials; one answer for a wrong email, a wrong password and an inactive account. */
export async function signIn(db: DB, email: string, password: string, ip: string | null): Promise<SignInResult> {
  const user = await findUserByEmail(db, email);
  if (!user) await burnPasswordCheck(password);
  const passwordOk = user ? await verifyPassword(user.password_hash, password) : false;
  const ok = Boolean(user && passwordOk && user.status === "ACTIVE");
  if (ok && user) await recordSignIn(db, user.id);
  await audit(
    db,
    { userId: user?.id ?? null, role: user?.role ?? null, ip },
    {
      action: ok ? "auth.sign_in" : "auth.sign_in_failed",
      entityType: "USERS",
      entityId: user?.id ?? null,
      // A clerk's or client admin's sign-in is their organisation's event: its admin reads it in their trail.
      clientId: await staffClientIdOf(db, user),
      details: ok
        ? {}
        : { email: email.trim().toLowerCase(), reason: !user ? "unknown" : !passwordOk ? "password" : "inactive" },
    },
  );
  return ok && user ? done({ user }) : refused("auth.invalidCredentials");
}

/** The message of a national ID another account holds: whoever owns it can claim it with the national identity. */
export const NIN_TAKEN = "validation.ninTaken";

export type RegisterResult = Outcome<{ userId: number }>;

/** `locale`: the language of the page they registered on, for their mails. */
export async function registerBeneficiary(
  db: DB,
  input: RegisterInput,
  ip: string | null,
  locale: Locale = "ar",
): Promise<RegisterResult> {
  if (await findUserByEmail(db, input.email)) return conflict("auth.emailTaken", "email");
  if (await ninTaken(db, input.nin)) return conflict(NIN_TAKEN, "nin");
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, input.email)) return conflict("auth.emailTaken", "email");
    if (await ninTaken(trx, input.nin)) return conflict(NIN_TAKEN, "nin");
    const account = {
      email: input.email,
      password_hash: passwordHash,
      ...nameColumnsOf(input),
      phone: input.phone,
      nin: input.nin,
      locale,
    };
    return done({ userId: await openBeneficiaryAccount(trx, account, ip) });
  });
}

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
