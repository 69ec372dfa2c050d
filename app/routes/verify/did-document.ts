import { getDb } from "~/platform/db/db.server";
import { didDocument } from "~/modules/credentials/service.server";
import { publicJson } from "~/modules/credentials/response.server";
import type { Route } from "./+types/did-document";

/** did:web resolution of the deployment (docs/decisions/0023): the status lists' key and the keys of earlier credentials. */
export async function loader({ request }: Route.LoaderArgs) {
  return publicJson(await didDocument(getDb()), "application/did+json", request, 300);
}
