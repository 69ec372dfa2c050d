import { getDb } from "~/platform/db/db.server";
import { postOnly } from "~/platform/http/body.server";
import { walletEndpoint } from "~/modules/wallet/endpoint.server";
import { receivePresentation } from "~/modules/wallet/presentations.server";
import type { Route } from "./+types/presentation-response";

/** OpenID4VP's `direct_post` response address: the wallet's answer to one request (docs/decisions/0027). */
/** Wallets post here; a GET is told so. */
export async function loader() {
  throw postOnly();
}

export async function action({ request, params }: Route.ActionArgs) {
  return walletEndpoint(request, false, (body) => receivePresentation(getDb(), params.key, body));
}
