import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { notFound } from "~/modules/access/require.server";
import { statusListCount, statusListCredential } from "~/modules/credentials/service.server";
import { publicJson } from "~/modules/credentials/response.server";
import type { Route } from "./+types/status-list";

/**
 * A Bitstring Status List (docs/architecture.md §20): which credentials are revoked; public, cached a minute. Mounted
 * twice: an organisation's own lists (/organisations/:clientId/status/:list), and the deployment's, which earlier
 * credentials point to (docs/decisions/0023).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const list = idOf(params.list);
  const clientId = "clientId" in params ? idOf(params.clientId as string) : null;
  // Lists past the last issued document do not exist yet: a verifier that reads them all stops at the 404.
  if (!Number.isInteger(list) || list < 1 || list > (await statusListCount(getDb()))) throw notFound();
  const credential = await statusListCredential(getDb(), list, clientId);
  if (!credential) throw notFound();
  return publicJson(credential, "application/vc", request, 60);
}
