import { done, refused, type Outcome } from "~/platform/outcome";
import { href } from "react-router";
import type { DB } from "~/platform/db/db.server";
import type { UserRow } from "~/platform/db/schema";
import { audit } from "~/modules/audit/service.server";
import { queueTemplateMail } from "~/platform/mail/outbox.server";
import { findUserByEmail, updatePasswordHash } from "~/modules/users/queries.server";
import { hashPassword } from "~/modules/users/password.server";
import { deleteUserSessions } from "./queries.server";
import { consumeAccountToken, issueAccountToken } from "./tokens.server";
import { errorField, logger } from "~/platform/log/logger.server";

/**
 * Sends a reset link to an active account's address. The caller answers the same whatever happened
 * here, so no one learns who has an account (docs/architecture.md §10).
 */
/**
 * A reset asked for: looked up and mailed after the answer has gone, so that the answer takes the same
 * time whether or not the address has an account (no account discovery by timing). The work is kept
 * until it ends (`resetRequestsSettled`, for tests and shutdown) and a failure is logged.
 */
const inFlight = new Set<Promise<void>>();

export function requestPasswordResetAfterAnswer(db: DB, email: string, ip: string | null) {
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => requestPasswordReset(db, email, ip))
    .catch((error: unknown) => logger.error({ err: errorField(error) }, "password reset request failed"))
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

export const resetRequestsSettled = () => Promise.all([...inFlight]).then(() => undefined);

export async function requestPasswordReset(db: DB, email: string, ip: string | null): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== "ACTIVE") {
    await audit(
      db,
      { userId: null, role: null, ip },
      {
        action: "auth.password_reset_requested",
        entityType: "USERS",
        details: { email: email.trim().toLowerCase(), known: false },
      },
    );
    return;
  }
  await mailLinkAudited(db, user, ip, "auth.password_reset_requested");
}

/**
 * The owner of an account under a password-guessing attack, signing in from a new browser with the right
 * password: a single-use link by mail (the reset link: it proves the mailbox, and the browser that uses it
 * becomes one of the account's own).
 */
export async function mailSignInLink(
  db: DB,
  user: Pick<UserRow, "id" | "email" | "locale" | "first_name_en" | "first_name_ar" | "role">,
  ip: string | null,
) {
  await mailLinkAudited(db, user, ip, "auth.sign_in_link_mailed");
}

/** Mails the owner a single-use link and audits why, at once (docs/architecture.md §7). */
async function mailLinkAudited(
  db: DB,
  user: Pick<UserRow, "id" | "email" | "locale" | "first_name_en" | "first_name_ar" | "role">,
  ip: string | null,
  action: "auth.password_reset_requested" | "auth.sign_in_link_mailed",
) {
  await db.transaction().execute(async (trx) => {
    await mailResetLink(trx, user);
    await audit(trx, { userId: user.id, role: user.role, ip }, { action, entityType: "USERS", entityId: user.id });
  });
}

/** Issues a reset token (30 minutes) and queues its mail, in the caller's transaction. */
export async function mailResetLink(
  db: DB,
  user: Pick<UserRow, "id" | "email" | "locale" | "first_name_en" | "first_name_ar">,
) {
  const token = await issueAccountToken(db, user.id, "RESET_PASSWORD");
  await queueTemplateMail(db, "resetPassword", user, `${href("/reset-password")}?token=${token}`);
}

/** Sets the password with a mailed link (a reset or an invitation; once) and ends every session of the user. */
export async function resetPassword(
  db: DB,
  token: string,
  password: string,
  ip: string | null,
): Promise<Outcome<{ userId: number }>> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const used = await consumeAccountToken(trx, token);
    if (!used) return refused("auth.reset.invalidLink");
    await updatePasswordHash(trx, used.userId, passwordHash);
    await deleteUserSessions(trx, used.userId);
    const action = used.purpose === "INVITE" ? "auth.invitation_accepted" : "auth.password_reset";
    await audit(trx, { userId: used.userId, role: null, ip }, { action, entityType: "USERS", entityId: used.userId });
    return done({ userId: used.userId });
  });
}
