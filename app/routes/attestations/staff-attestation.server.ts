import type { RouterContextProvider } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { findAttestation } from "~/modules/attestations/queries.server";

/** The staff screens' check: the reviewer's capability, and the attestation within their scope (else 404). */
export async function attestationForStaff(context: Readonly<RouterContextProvider>, id: string) {
  const principal = requirePermission(principalOf(context), "attestation:review");
  const attestation = requirePermission(principal, "attestation:review", await findAttestation(getDb(), idOf(id)));
  return { principal, attestation, area: areaOf(context)! };
}
