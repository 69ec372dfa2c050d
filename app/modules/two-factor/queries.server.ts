import type { DB } from "~/platform/db/db.server";
import type { Role } from "~/platform/db/schema";
import { toFlag } from "~/platform/db/values";

/** A person's second factor, and whether their role must have one. */
const TWO_FACTOR_STATE = [
  "users.id",
  "users.email",
  "users.role",
  "users.totp_secret",
  "users.totp_enabled_at",
  "users.totp_last_step",
  "two_factor_policy.required",
] as const;

export function findTwoFactorState(db: DB, userId: number) {
  return db
    .selectFrom("users")
    .leftJoin("two_factor_policy", "two_factor_policy.role", "users.role")
    .select(TWO_FACTOR_STATE)
    .where("users.id", "=", userId)
    .executeTakeFirst();
}

export async function setPendingSecret(db: DB, userId: number, secret: string) {
  await db
    .updateTable("users")
    .set({ totp_secret: secret, totp_enabled_at: null, totp_last_step: null })
    .where("id", "=", userId)
    .execute();
}

/** Takes the time step if it is later than the last one taken: false when another request took it first. */
export async function takeTimeStep(db: DB, userId: number, step: number) {
  const result = await db
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function enableTotp(db: DB, userId: number, at: string) {
  await db.updateTable("users").set({ totp_enabled_at: at }).where("id", "=", userId).execute();
}

export async function disableTotp(db: DB, userId: number) {
  await db
    .updateTable("users")
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where("id", "=", userId)
    .execute();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}

export async function replaceRecoveryCodes(db: DB, userId: number, hashes: string[]) {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses a recovery code once: false when it is unknown or already used. */
export async function spendRecoveryCode(db: DB, userId: number, hash: string, at: string) {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: DB, userId: number) {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPolicy(db: DB) {
  return db.selectFrom("two_factor_policy").select(["role", "required"]).execute();
}

export async function setPolicy(db: DB, role: Role, required: boolean) {
  await db
    .updateTable("two_factor_policy")
    .set({ required: toFlag(required) })
    .where("role", "=", role)
    .execute();
}

export async function insertChallenge(
  db: DB,
  values: { tokenHash: string; userId: number; redirectTo: string; expiresAt: string },
) {
  await db
    .insertInto("second_factor_challenges")
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      redirect_to: values.redirectTo,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** The challenge of this token, while it is unused and not expired. */
export function findOpenChallenge(db: DB, tokenHash: string, now: string) {
  return db
    .selectFrom("second_factor_challenges")
    .select(["token_hash", "user_id", "redirect_to"])
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Uses the challenge once: false when another request used it first. */
export async function spendChallenge(db: DB, tokenHash: string, at: string) {
  const result = await db
    .updateTable("second_factor_challenges")
    .set({ used_at: at })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes every open challenge of a user (they signed out), and forgets those long past. */
export async function closeChallengesOf(db: DB, userId: number, at: string) {
  await db
    .updateTable("second_factor_challenges")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  await db
    .deleteFrom("second_factor_challenges")
    .where("expires_at", "<", new Date(Date.parse(at) - 86_400_000).toISOString())
    .execute();
}
