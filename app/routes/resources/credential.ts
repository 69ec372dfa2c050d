import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { credentialOf } from "~/modules/credentials/service.server";
import { credentialResponse } from "~/modules/credentials/response.server";
import type { Route } from "./+types/credential";

/**
 * `/credentials/{issued document id}`: the holder's verifiable credential (docs/architecture.md §20), for the holder and
 * the staff of its organisation; anyone else gets the 404 of a document that does not exist.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "file:read");
  const id = idOf(params.id);
  const made = Number.isInteger(id) ? await credentialOf(getDb(), id) : undefined;
  requirePermission(principal, "file:read", made?.facts);
  return credentialResponse(made!.credential, made!.facts.verification_code, { private: true });
}
