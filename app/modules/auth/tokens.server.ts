import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import type { AccountTokenPurpose } from "~/platform/db/schema";
import {
  findUsableAccountToken,
  insertAccountToken,
  retireAccountTokens,
  markAccountTokenUsed,
} from "./queries.server";

/** docs/architecture.md §10: a reset link works 30 minutes, an invitation 7 days. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  RESET_PASSWORD: 30 * 60_000,
  INVITE: 7 * 24 * 60 * 60_000,
};

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * A new 256-bit token for the user; only its hash is kept. A new invitation (an admin's) retires the earlier ones.
 * A new reset link does not: anyone may ask for one with the owner's address, and that must not take the link the
 * owner is about to use; using any one of them retires the others (consumeAccountToken).
 */
export async function issueAccountToken(
  db: DB,
  userId: number,
  purpose: AccountTokenPurpose,
  now = Date.now(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  if (purpose === "INVITE") await retireAccountTokens(db, userId, purpose, new Date(now).toISOString());
  await insertAccountToken(db, {
    userId,
    purpose,
    tokenHash: hashOf(token),
    expiresAt: new Date(now + TOKEN_LIFETIME_MS[purpose]).toISOString(),
  });
  return token;
}

export interface UsableToken {
  userId: number;
  purpose: AccountTokenPurpose;
}

/** The user a set-password token (reset or invitation) was issued to, while it is unused and unexpired. */
export async function accountTokenOf(db: DB, token: string, now = Date.now()): Promise<UsableToken | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await findUsableAccountToken(db, hashOf(token), new Date(now).toISOString());
  return row ? { userId: row.user_id, purpose: row.purpose } : null;
}

/** Uses the token (once), or null when it is unknown, used or expired. */
export async function consumeAccountToken(db: DB, token: string, now = Date.now()): Promise<UsableToken | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const at = new Date(now).toISOString();
  const row = await findUsableAccountToken(db, hashOf(token), at);
  if (!row || !(await markAccountTokenUsed(db, row.id, at))) return null;
  // The password is chosen: every other link that would choose it stops working.
  await retireAccountTokens(db, row.user_id, row.purpose, at);
  return { userId: row.user_id, purpose: row.purpose };
}
