import { getDb } from "~/db/db.server";
import { idOf } from "~/db/values";
import { notFound } from "~/modules/access/require.server";
import { statusListCredential } from "~/modules/credentials/service.server";
import { publicJson } from "~/modules/credentials/response.server";
import type { Route } from "./+types/status-list";

/** A Bitstring Status List (docs/architecture.md §20): which credentials are revoked; public, cached a minute. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const list = idOf(params.list);
  if (!Number.isInteger(list) || list < 1 || list > 10_000) throw notFound();
  return publicJson(await statusListCredential(getDb(), list), "application/vc", request, 60);
}
