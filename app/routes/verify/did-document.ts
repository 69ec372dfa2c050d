import { getDb } from "~/db/db.server";
import { didDocument } from "~/modules/credentials/service.server";
import { publicJson } from "~/modules/credentials/response.server";
import type { Route } from "./+types/did-document";

/** did:web resolution (docs/architecture.md §20): the organisations' credential keys, public and cacheable. */
export async function loader({ request }: Route.LoaderArgs) {
  return publicJson(await didDocument(getDb()), "application/did+json", request, 300);
}
