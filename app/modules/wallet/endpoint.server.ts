import { BodyError, readWalletBody } from "~/platform/http/body.server";
import { walletError } from "./service.server";

/**
 * A wallet-facing endpoint (docs/decisions/0027): it reads the wallet's post and answers in OAuth's error shape, a
 * refused body included; the wallet authenticates by the codes and tokens it carries, never by a cookie.
 */
export async function walletEndpoint(
  request: Request,
  json: boolean,
  answer: (body: Record<string, unknown>) => Promise<Response>,
) {
  let body;
  try {
    body = await readWalletBody(request, json);
  } catch (error) {
    if (error instanceof BodyError) return walletError("invalid_request", error.reason, error.status);
    throw error;
  }
  return answer(body);
}
