import { redirect } from "react-router";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { nationalIdSettings, startNationalIdSignIn } from "~/modules/identity/national-sign-in.server";
import { postOnly, readForm } from "~/platform/http/body.server";
import { safeRedirectPath } from "~/platform/security/origin.server";
import type { Route } from "./+types/login-national-id";

/** Starting a sign-in sets a cookie and leaves the site: POST only, from the sign-in page's button. */
export async function loader() {
  throw postOnly();
}

/** "Sign in with {national identity}": off to the provider (docs/decisions/0022), state, nonce and PKCE kept. */
export async function action({ request, context }: Route.ActionArgs) {
  // Off (no NATIONAL_ID_OIDC_* set): the route is not there, for anyone.
  const settings = nationalIdSettings();
  if (!settings) throw notFound();
  requirePermission(principalOf(context), "account:signIn");
  const form = await readForm(request);
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""), "");
  const started = await startNationalIdSignIn(settings, redirectTo);
  return redirect(started.url, { headers: { "Set-Cookie": started.cookie } });
}
