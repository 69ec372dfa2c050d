import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import { deleteSession, insertSession, takeApiSessionByRefresh } from "./queries.server";
import { hashToken, sessionOfToken } from "./session.server";
import type { SessionUser } from "./session-user";

/** An access token lives 15 minutes; its refresh token 14 days, and is used once (docs/architecture.md §18). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 14 * 24 * 60 * 60;

export interface ApiTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  tokenType: "Bearer";
}

interface Meta {
  ip: string | null;
  userAgent: string | null;
}

const newToken = () => crypto.randomBytes(32).toString("base64url");

/** A new token pair for the user: only their SHA-256 hashes are stored. */
export async function issueApiTokens(db: DB, userId: number, meta: Meta, now = Date.now()): Promise<ApiTokens> {
  const accessToken = newToken();
  const refreshToken = newToken();
  await insertSession(db, {
    id: hashToken(accessToken),
    userId,
    expiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000).toISOString(),
    api: {
      refreshHash: hashToken(refreshToken),
      refreshExpiresAt: new Date(now + REFRESH_TOKEN_SECONDS * 1000).toISOString(),
    },
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_SECONDS, tokenType: "Bearer" };
}

/** The session an access token opens, while it is valid and the user active. */
export const apiSessionOf = (db: DB, accessToken: string, now = Date.now()) =>
  sessionOfToken(db, hashToken(accessToken), "API", now);

/** The user an access token belongs to, while it is valid and the user active. */
export const apiUserOf = async (db: DB, accessToken: string, now = Date.now()): Promise<SessionUser | null> =>
  (await apiSessionOf(db, accessToken, now))?.user ?? null;

/** Rotates the pair: the old refresh token (and its access token) stop working; null when it was not usable. */
export async function refreshApiTokens(
  db: DB,
  refreshToken: string,
  meta: Meta,
  now = Date.now(),
): Promise<ApiTokens | null> {
  const taken = await takeApiSessionByRefresh(db, hashToken(refreshToken), new Date(now).toISOString());
  return taken ? issueApiTokens(db, taken.user_id, meta, now) : null;
}

/** Ends the pair of an access token. */
export async function revokeApiTokens(db: DB, accessToken: string) {
  await deleteSession(db, hashToken(accessToken));
}
