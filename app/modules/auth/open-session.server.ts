import { href, redirect } from "react-router";
import type { DB } from "~/platform/db/db.server";
import { pendingSignInHeader } from "~/modules/two-factor/pending.server";
import { twoFactorStatus } from "~/modules/two-factor/service.server";
import { createUserSession, destroyUserSession } from "./session.server";

/**
 * After a password or a provider vouched for the user: the session, or first the second factor. A user with
 * two-factor sign-in is asked for a code unless the provider checked a second factor itself (`providerMfa`); a
 * role that requires it and was not checked enrols first (docs/decisions/0018). `headers`: more cookies to set.
 */
export async function openSession(
  db: DB,
  request: Request,
  user: { id: number },
  options: { ip: string | null; redirectTo: string; providerMfa?: boolean; headers?: string[] },
): Promise<Response> {
  const headers = new Headers();
  const twoFactor = await twoFactorStatus(db, user.id);
  if (twoFactor?.enabled && !options.providerMfa) {
    // Vouched for: the session waits for the second factor.
    headers.append("Set-Cookie", await pendingSignInHeader(db, { userId: user.id, redirectTo: options.redirectTo }));
  } else {
    // A fresh session id at every sign-in; any earlier session of this browser is ended.
    headers.append("Set-Cookie", await destroyUserSession(db, request));
    headers.append(
      "Set-Cookie",
      await createUserSession(db, user.id, {
        ip: options.ip,
        userAgent: request.headers.get("User-Agent"),
        providerMfa: options.providerMfa,
      }),
    );
  }
  for (const header of options.headers ?? []) headers.append("Set-Cookie", header);
  if (twoFactor?.enabled && !options.providerMfa) return redirect(href("/login/two-factor"), { headers });
  // A role that requires two-factor sign-in: they enrol first (every page sends them there until then).
  const enrol = twoFactor?.required && !options.providerMfa;
  return redirect(enrol ? href("/profile/two-factor") : options.redirectTo, { headers });
}
