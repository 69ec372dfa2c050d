import { getDb } from "~/platform/db/db.server";
import { postOnly } from "~/platform/http/body.server";
import { walletEndpoint } from "~/modules/wallet/endpoint.server";
import { exchangeToken } from "~/modules/wallet/service.server";
import type { Route } from "./+types/token";

/** The OAuth token endpoint a wallet redeems an offer's pre-authorized code at (docs/decisions/0027). */
/** Wallets post here; a GET is told so. */
export async function loader() {
  throw postOnly();
}

export async function action({ request }: Route.ActionArgs) {
  return walletEndpoint(request, false, (body) => exchangeToken(getDb(), request, body as Record<string, string>));
}
