import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { notFound } from "~/modules/access/require.server";
import { organisationDidDocument } from "~/modules/credentials/service.server";
import { publicJson } from "~/modules/credentials/response.server";
import type { Route } from "./+types/organisation-did-document";

/**
 * did:web resolution of an organisation's own DID, did:web:<host>:organisations:<id> (docs/decisions/0023): its one
 * key, public and cacheable; no organisation, no document.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const document = await organisationDidDocument(getDb(), idOf(params.clientId));
  if (!document) throw notFound();
  return publicJson(document, "application/did+json", request, 300);
}
