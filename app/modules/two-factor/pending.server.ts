import { signedCookie } from "~/modules/security/cookies.server";

/** Between the password and the code: who passed the password, where they go next, until when. */
export interface PendingSignIn {
  userId: number;
  email: string;
  redirectTo: string;
  until: number;
}

const PENDING_MS = 5 * 60 * 1000;

const pendingCookie = () => signedCookie("second-factor", PENDING_MS / 1000);

export const pendingSignInHeader = (pending: Omit<PendingSignIn, "until">, now = Date.now()) => pendingCookie().serialize({ ...pending, until: now + PENDING_MS });

export async function pendingSignInOf(request: Request, now = Date.now()): Promise<PendingSignIn | null> {
  const value = (await pendingCookie().parse(request.headers.get("Cookie"))) as PendingSignIn | null;
  return value && typeof value.userId === "number" && value.until > now ? value : null;
}

export const clearPendingSignInHeader = () => pendingCookie().serialize("", { maxAge: 0 });
