import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { notFound } from "~/modules/access/require.server";
import { publicJson } from "~/modules/credentials/response.server";
import { jwtVcIssuerMetadata } from "~/modules/wallet/metadata.server";
import type { Route } from "./+types/jwt-vc-issuer";

/** An organisation as an SD-JWT VC issuer: its key, for a verifier of its SD-JWT VCs (docs/decisions/0027). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const metadata = await jwtVcIssuerMetadata(getDb(), idOf(params.clientId));
  if (!metadata) throw notFound();
  return publicJson(metadata, "application/json", request, 300);
}
