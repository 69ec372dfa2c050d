import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { notFound } from "~/modules/access/require.server";
import { statusListCount } from "~/modules/credentials/service.server";
import { tokenStatusListOf } from "~/modules/wallet/sd-jwt.server";
import type { Route } from "./+types/token-status-list";

/**
 * An organisation's Token Status List (IETF OAuth Status List) for its SD-JWT VCs (docs/decisions/0027): the same
 * places as its Bitstring Status Lists, signed with its key; public, cached a minute.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const list = idOf(params.list);
  if (!Number.isInteger(list) || list < 1 || list > (await statusListCount(getDb()))) throw notFound();
  const token = await tokenStatusListOf(getDb(), list, idOf(params.clientId));
  if (!token) throw notFound();
  return new Response(token, {
    headers: {
      "Content-Type": "application/statuslist+jwt",
      "Cache-Control": "public, max-age=60",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
