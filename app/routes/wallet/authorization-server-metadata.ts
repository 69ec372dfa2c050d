import { publicJson } from "~/modules/credentials/response.server";
import { authorizationServerMetadata } from "~/modules/wallet/metadata.server";
import type { Route } from "./+types/authorization-server-metadata";

/** RFC 8414 metadata of the authorization server wallets redeem offers at (docs/decisions/0027). */
export async function loader({ request }: Route.LoaderArgs) {
  return publicJson(authorizationServerMetadata(), "application/json", request, 300);
}
