import { getDb } from "~/platform/db/db.server";
import { publicJson } from "~/modules/credentials/response.server";
import { credentialIssuerMetadata } from "~/modules/wallet/metadata.server";
import type { Route } from "./+types/credential-issuer-metadata";

/** OpenID4VCI 1.0 credential issuer metadata (docs/decisions/0027): public, cached five minutes. */
export async function loader({ request }: Route.LoaderArgs) {
  return publicJson(await credentialIssuerMetadata(getDb()), "application/json", request, 300);
}
