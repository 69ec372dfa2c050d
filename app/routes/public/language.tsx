import { href, redirect } from "react-router";
import { localeCookie } from "~/middleware/i18next.server";
import { parseLanguage } from "~/platform/i18n/languages";
import { safeRedirectPath } from "~/platform/security/origin.server";
import type { Route } from "./+types/language";
import { postOnly, readForm } from "~/platform/http/body.server";

export async function loader() {
  throw postOnly();
}

/** The language switch: remembers `ar` or `en` in the i18nextLng cookie and returns to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const lng = parseLanguage(form.get("lng"));
  const back = safeRedirectPath(form.get("redirectTo"), href("/"));
  if (!lng) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}
