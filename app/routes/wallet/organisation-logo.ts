import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { notFound } from "~/modules/access/require.server";
import { organisationLogo } from "~/modules/wallet/logo.server";
import type { Route } from "./+types/organisation-logo";

/** An organisation's logo, as wallets show it beside its documents (docs/decisions/0027); public, cached an hour. */
export async function loader({ params }: Route.LoaderArgs) {
  const logo = await organisationLogo(getDb(), idOf(params.clientId));
  if (!logo) throw notFound();
  return new Response(Buffer.from(logo.bytes), {
    headers: {
      "Content-Type": logo.type,
      "Cache-Control": "public, max-age=3600",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
