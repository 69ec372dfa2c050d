import { resources } from "~/platform/i18n/instances.server";
import { parseLanguage } from "~/platform/i18n/languages";
import type { Route } from "./+types/locales";
import { notFound } from "~/modules/access/require.server";

/** `/locales/{lng}/{ns}.json` for the client bundle; `lng` and `ns` are allow-listed. */
export async function loader({ params }: Route.LoaderArgs) {
  const lng = parseLanguage(params.lng);
  const ns = params.file.endsWith(".json") ? params.file.slice(0, -".json".length) : null;
  if (!lng || ns !== "common") throw notFound();
  return Response.json(resources[lng][ns], { headers: { "Cache-Control": "public, max-age=300" } });
}
