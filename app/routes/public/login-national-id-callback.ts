import { href } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { dashboardOf } from "~/modules/access";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { openSession } from "~/modules/auth/open-session.server";
import {
  clearNationalIdCookie,
  finishNationalIdSignIn,
  nationalIdSettings,
} from "~/modules/identity/national-sign-in.server";
import { safeRedirectPath } from "~/platform/security/origin.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import type { Route } from "./+types/login-national-id-callback";

/** The national digital identity sends the browser back here with a code: checked, the account found, the session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Off (no NATIONAL_ID_OIDC_* set): the route is not there, for anyone.
  const settings = nationalIdSettings();
  if (!settings) throw notFound();
  requirePermission(principalOf(context), "account:signIn");
  const db = getDb();
  const ip = context.get(clientIpContext) || null;
  const result = await finishNationalIdSignIn(db, settings, request, ip);
  const cleared = await clearNationalIdCookie(settings);
  if (!result.ok)
    return redirectWithToast(
      href("/login"),
      { kind: "error", message: result.error },
      { headers: { "Set-Cookie": cleared } },
    );
  return openSession(db, request, result.user, {
    ip,
    redirectTo: safeRedirectPath(result.redirectTo, dashboardOf(result.user.role)),
    headers: [cleared],
  });
}
