import { href } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { dashboardOf } from "~/modules/access";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { openSession } from "~/modules/auth/open-session.server";
import { clearStartedCookie, finishSingleSignOn, singleSignOnSettings } from "~/modules/auth/single-sign-on.server";
import { safeRedirectPath } from "~/platform/security/origin.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import type { Route } from "./+types/login-sso-callback";

/** The provider sends the browser back here with a code: checked, then the session (docs/decisions/0018). */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Off (no OIDC_* set): the route is not there, for anyone.
  const settings = singleSignOnSettings();
  if (!settings) throw notFound();
  requirePermission(principalOf(context), "account:signIn");
  const db = getDb();
  const ip = context.get(clientIpContext) || null;
  const result = await finishSingleSignOn(db, settings, request, ip);
  const cleared = await clearStartedCookie(settings);
  if (!result.ok) {
    return redirectWithToast(
      href("/login"),
      { kind: "error", message: result.error },
      { headers: { "Set-Cookie": cleared } },
    );
  }
  return openSession(db, request, result.user, {
    ip,
    redirectTo: safeRedirectPath(result.redirectTo, dashboardOf(result.user.role)),
    providerMfa: result.providerMfa,
    headers: [cleared],
  });
}
