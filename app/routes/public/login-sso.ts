import { redirect } from "react-router";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { singleSignOnSettings, startSingleSignOn } from "~/modules/auth/single-sign-on.server";
import { postOnly, readForm } from "~/platform/http/body.server";
import { safeRedirectPath } from "~/platform/security/origin.server";
import type { Route } from "./+types/login-sso";

/** Starting a sign-in sets a cookie and leaves the site: POST only, from the sign-in page's button. */
export async function loader() {
  throw postOnly();
}

/** "Sign in with {provider}": off to the provider, with the state, nonce and PKCE verifier kept in a cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  // Off (no OIDC_* set): the route is not there, for anyone.
  const settings = singleSignOnSettings();
  if (!settings) throw notFound();
  requirePermission(principalOf(context), "account:signIn");
  const form = await readForm(request);
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""), "");
  const started = await startSingleSignOn(settings, redirectTo);
  return redirect(started.url, { headers: { "Set-Cookie": started.cookie } });
}
