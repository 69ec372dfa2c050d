import { href, redirect } from "react-router";
import { parseVersion, versionCookie } from "~/platform/http/light-version.server";
import { safeRedirectPath } from "~/platform/security/origin.server";
import { postOnly, readForm } from "~/platform/http/body.server";
import type { Route } from "./+types/version";

export async function loader() {
  throw postOnly();
}

/** The light or full version (docs/decisions/0028): remembered in a cookie, then back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const version = parseVersion(form.get("version"));
  const back = safeRedirectPath(form.get("redirectTo"), href("/"));
  if (!version) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await versionCookie.serialize(version) } });
}
