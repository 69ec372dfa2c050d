import { getDb } from "~/platform/db/db.server";
import { postOnly } from "~/platform/http/body.server";
import { walletEndpoint } from "~/modules/wallet/endpoint.server";
import { issueToWallet } from "~/modules/wallet/service.server";
import type { Route } from "./+types/credential";

/** OpenID4VCI's credential endpoint: the offered document, to the wallet holding the access token. */
/** Wallets post here; a GET is told so. */
export async function loader() {
  throw postOnly();
}

export async function action({ request }: Route.ActionArgs) {
  return walletEndpoint(request, true, (body) => issueToWallet(getDb(), request, body));
}
