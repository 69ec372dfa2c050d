import { getDb } from "~/platform/db/db.server";
import { authorityCrl } from "~/modules/signing/service.server";
import type { Route } from "./+types/authority-crl";

/**
 * The authority's certificate revocation list (docs/decisions/0027): the stable address its certificates name, and
 * the same list the PDFs' Document Security Store keeps. Public, cached an hour.
 */
export async function loader(_args: Route.LoaderArgs) {
  return new Response(Buffer.from(await authorityCrl(getDb())), {
    headers: {
      "Content-Type": "application/pkix-crl",
      "Content-Disposition": 'attachment; filename="certificate-authority.crl"',
      "Cache-Control": "public, max-age=3600",
    },
  });
}
