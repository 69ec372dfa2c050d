import { postOnly } from "~/platform/http/body.server";
import { walletEndpoint } from "~/modules/wallet/endpoint.server";
import { newNonce } from "~/modules/wallet/service.server";
import type { Route } from "./+types/nonce";

/** OpenID4VCI's nonce endpoint: a nonce for the wallet's next proof of possession (docs/decisions/0027). */
/** Wallets post here; a GET is told so. */
export async function loader() {
  throw postOnly();
}

export async function action({ request }: Route.ActionArgs) {
  return walletEndpoint(request, false, async () => newNonce());
}
