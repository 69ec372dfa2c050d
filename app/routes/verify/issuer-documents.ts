import { getDb } from "~/db/db.server";
import { issuerDidDocuments } from "~/modules/credentials/service.server";
import { publicJson } from "~/modules/credentials/response.server";
import type { Route } from "./+types/issuer-documents";

/** Every organisation's DID document in one answer: what the offline verifier keeps (docs/architecture.md §20). */
export async function loader({ request }: Route.LoaderArgs) {
  return publicJson({ issuers: await issuerDidDocuments(getDb()) }, "application/json", request, 300);
}
