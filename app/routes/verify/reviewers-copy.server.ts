import { forbidden, notFound } from "~/modules/access/require.server";
import { normalizeCode } from "~/modules/verification/code";
import { findIssuedDocumentByCode } from "~/modules/verification/queries.server";
import { isUnlocked } from "~/modules/verification/unlock.server";
import { verdictOf } from "~/modules/verification/verdict";
import { getDb } from "~/platform/db/db.server";
import { fromFlag } from "~/platform/db/values";
import { env } from "~/platform/env.server";
import { clientIpContext } from "~/platform/http/context";
import { enforceRateLimit } from "~/platform/security/rate-limit.server";
import { revokedFileResponse } from "./page.server";

type IssuedDocument = NonNullable<Awaited<ReturnType<typeof findIssuedDocumentByCode>>>;

/**
 * A copy of a document for a reviewer (its PDF, its credential), on the document's own terms (docs/architecture.md
 * §20): open without SecurePlus, after the access PIN with it, never once revoked (410); unknown codes 404.
 */
export async function reviewersCopy(
  {
    params,
    request,
    context,
  }: { params: { code: string }; request: Request; context: { get: (key: typeof clientIpContext) => string } },
  serve: (document: IssuedDocument, code: string) => Promise<Response>,
): Promise<Response> {
  await enforceRateLimit(`verify:${context.get(clientIpContext)}`, env.verifyRateLimit);
  const code = normalizeCode(params.code);
  const document = code ? await findIssuedDocumentByCode(getDb(), code) : undefined;
  if (!code || !document) throw notFound();
  if (verdictOf(document) === "REVOKED") return revokedFileResponse(request, code, document);
  if (fromFlag(document.secure_plus_enabled) && !isUnlocked(request, code)) throw forbidden("pin-required");
  return serve(document, code);
}
