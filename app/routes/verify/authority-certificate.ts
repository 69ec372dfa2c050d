import { getDb } from "~/platform/db/db.server";
import { authorityCertificate } from "~/modules/signing/service.server";
import type { Route } from "./+types/authority-certificate";

/**
 * The deployment's certificate authority (docs/architecture.md §20): import it into a PDF reader to see the
 * organisations' signatures as trusted. Public, like the verification pages.
 */
export async function loader(_args: Route.LoaderArgs) {
  return new Response(await authorityCertificate(getDb()), {
    headers: {
      "Content-Type": "application/x-pem-file",
      "Content-Disposition": 'attachment; filename="certificate-authority.pem"',
      "Cache-Control": "public, max-age=3600",
    },
  });
}
