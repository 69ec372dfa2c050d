import type { RouterContextProvider } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { findEndpoint } from "~/modules/webhooks/queries.server";

/** The client admin's own organisation's endpoint, or 404 (another organisation's, or none). */
export async function endpointOf(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const principal = requirePermission(principalOf(context), "webhook:manage");
  const endpoint = /^[1-9][0-9]{0,9}$/.test(id ?? "") ? await findEndpoint(getDb(), Number(id)) : undefined;
  return { principal, endpoint: requirePermission(principal, "webhook:manage", endpoint) };
}
