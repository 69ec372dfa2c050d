import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import { signedCookie } from "~/platform/security/cookies.server";
import { closeChallengesOf, findOpenChallenge, insertChallenge, spendChallenge } from "./queries.server";

/**
 * Between the password and the code: a server-side challenge (migration 0009), named by a random token in
 * a signed five-minute cookie. It is used once: on success, or closed when the user signs out or the
 * five minutes pass; a replayed cookie finds nothing and goes back to the sign-in page.
 */
export interface PendingSignIn {
  userId: number;
  redirectTo: string;
  tokenHash: string;
}

const PENDING_MS = 5 * 60 * 1000;

const pendingCookie = () => signedCookie("second-factor", { maxAgeSeconds: PENDING_MS / 1000 });
const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Opens a challenge for a user who gave the right password; the cookie that names it. */
export async function pendingSignInHeader(db: DB, pending: { userId: number; redirectTo: string }, now = Date.now()) {
  const token = crypto.randomBytes(32).toString("base64url");
  await insertChallenge(db, {
    tokenHash: hashOf(token),
    userId: pending.userId,
    redirectTo: pending.redirectTo,
    expiresAt: new Date(now + PENDING_MS).toISOString(),
  });
  return pendingCookie().header({ token });
}

/** The open challenge this browser's cookie names, or null (none, used, closed or expired). */
export async function pendingSignInOf(db: DB, request: Request, now = Date.now()): Promise<PendingSignIn | null> {
  const value = pendingCookie().read(request.headers.get("Cookie")) as { token?: unknown } | null;
  if (typeof value?.token !== "string") return null;
  const challenge = await findOpenChallenge(db, hashOf(value.token), new Date(now).toISOString());
  return challenge
    ? { userId: challenge.user_id, redirectTo: challenge.redirect_to, tokenHash: challenge.token_hash }
    : null;
}

/** Uses the challenge: false when it was used already (two posts of one cookie). */
export const completePendingSignIn = (db: DB, pending: PendingSignIn, now = Date.now()) =>
  spendChallenge(db, pending.tokenHash, new Date(now).toISOString());

/** Signing out closes the user's open challenges. */
export const closePendingSignIns = (db: DB, userId: number, now = Date.now()) =>
  closeChallengesOf(db, userId, new Date(now).toISOString());

export const clearPendingSignInHeader = () => pendingCookie().clearHeader();
