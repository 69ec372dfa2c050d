import { getDb } from "~/platform/db/db.server";
import { fromFlag } from "~/platform/db/values";
import { clientIpContext } from "~/platform/http/context";
import { forbidden, notFound } from "~/modules/access/require.server";
import { credentialOf } from "~/modules/credentials/service.server";
import { credentialResponse } from "~/modules/credentials/response.server";
import { findIssuedDocumentByCode } from "~/modules/verification/queries.server";
import { normalizeCode } from "~/modules/verification/code";
import { isUnlocked } from "~/modules/verification/unlock.server";
import { verdictOf } from "~/modules/verification/verdict";
import { enforceRateLimit } from "~/platform/security/rate-limit.server";
import { env } from "~/platform/env.server";
import { revokedFileResponse } from "./page.server";
import type { Route } from "./+types/credential";

/**
 * A document's verifiable credential for a reviewer, on the document's own terms: open without SecurePlus, after the
 * access PIN with it, never once revoked (410), like the PDF (docs/architecture.md §20).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await enforceRateLimit(`verify:${context.get(clientIpContext)}`, env.verifyRateLimit);
  const code = normalizeCode(params.code);
  const document = code ? await findIssuedDocumentByCode(getDb(), code) : undefined;
  if (!code || !document) throw notFound();
  if (verdictOf(document) === "REVOKED") return revokedFileResponse(request, code, document);
  if (fromFlag(document.secure_plus_enabled) && !isUnlocked(request, code)) throw forbidden("pin-required");
  const made = await credentialOf(getDb(), document.id);
  return credentialResponse(made!.credential, code, { private: false });
}
