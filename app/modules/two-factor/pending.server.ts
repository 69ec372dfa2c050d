import { createCookie } from "react-router";
import { env, sessionSecret } from "~/utils/env.server";

/** Between the password and the code: who passed the password, where they go next, until when. */
export interface PendingSignIn {
  userId: number;
  email: string;
  redirectTo: string;
  until: number;
}

const PENDING_MS = 5 * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;
const pendingCookie = () =>
  (cookie ??= createCookie(env.secureCookies ? "__Host-second-factor" : "second-factor", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
    path: "/",
    maxAge: PENDING_MS / 1000,
    secrets: [sessionSecret()],
  }));

export const pendingSignInHeader = (pending: Omit<PendingSignIn, "until">, now = Date.now()) => pendingCookie().serialize({ ...pending, until: now + PENDING_MS });

export async function pendingSignInOf(request: Request, now = Date.now()): Promise<PendingSignIn | null> {
  const value = (await pendingCookie().parse(request.headers.get("Cookie"))) as PendingSignIn | null;
  return value && typeof value.userId === "number" && value.until > now ? value : null;
}

export const clearPendingSignInHeader = () => pendingCookie().serialize("", { maxAge: 0 });
