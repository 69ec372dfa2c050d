import { getDb } from "~/platform/db/db.server";
import { issuerDidDocuments, statusListCount } from "~/modules/credentials/service.server";
import { publicJson } from "~/modules/credentials/response.server";
import type { Route } from "./+types/issuer-documents";

/**
 * Every organisation's DID document in one answer, and how many status lists each prefix has: what the offline
 * verifier keeps (docs/architecture.md §20), without asking for a list that does not exist.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  return publicJson(
    { issuers: await issuerDidDocuments(db), statusLists: await statusListCount(db) },
    "application/json",
    request,
    300,
  );
}
