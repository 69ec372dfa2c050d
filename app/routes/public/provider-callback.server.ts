import { href, type RouterContextProvider } from "react-router";
import type { DB } from "~/platform/db/db.server";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { dashboardOf } from "~/modules/access";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { openSession } from "~/modules/auth/open-session.server";
import type { Role } from "~/platform/db/schema";
import type { Outcome } from "~/platform/outcome";
import { safeRedirectPath } from "~/platform/security/origin.server";
import { redirectWithToast } from "~/platform/toast/toast.server";

/** An OpenID Connect provider's sign-in, as its callback route needs it (docs/decisions/0018, 0022). */
export interface SignInProvider<Settings> {
  /** Null when the provider is not configured: its routes are not there, for anyone. */
  settings: Settings | null | undefined;
  finish: (
    db: DB,
    settings: Settings,
    request: Request,
    ip: string | null,
  ) => Promise<Outcome<{ user: { id: number; role: Role }; redirectTo: string; providerMfa?: boolean }>>;
  clearStarted: (settings: Settings) => string | Promise<string>;
}

/**
 * The provider sends the browser back with a code: checked, the account found, then the session; a refusal goes back
 * to the sign-in page with its reason. The started sign-in's cookie is cleared either way.
 */
export async function providerCallback<Settings>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  provider: SignInProvider<Settings>,
) {
  const { settings } = provider;
  if (!settings) throw notFound();
  requirePermission(principalOf(context), "account:signIn");
  const db = getDb();
  const ip = context.get(clientIpContext) || null;
  const result = await provider.finish(db, settings, request, ip);
  const cleared = await provider.clearStarted(settings);
  if (!result.ok)
    return redirectWithToast(
      href("/login"),
      { kind: "error", message: result.error },
      { headers: { "Set-Cookie": cleared } },
    );
  return openSession(db, request, result.user, {
    ip,
    redirectTo: safeRedirectPath(result.redirectTo, dashboardOf(result.user.role)),
    providerMfa: result.providerMfa,
    headers: [cleared],
  });
}
