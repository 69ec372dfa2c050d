import { conflict, done, type Outcome, refused } from "~/platform/outcome";
import type { DB } from "~/platform/db/db.server";
import type { Locale, UserRow } from "~/platform/db/schema";
import { audit } from "~/modules/audit/service.server";
import { openBeneficiaryAccount } from "~/modules/users/beneficiary.server";
import { findUserByEmail, ninTaken, recordSignIn, staffClientIdOf } from "~/modules/users/queries.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "~/modules/users/password.server";
import { nameColumnsOf, type RegisterInput } from "./schema";

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
