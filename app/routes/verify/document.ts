import { forbidden } from "~/modules/access/require.server";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { fileResponse } from "~/modules/files/response.server";
import { readStoredFile } from "~/modules/files/storage.server";
import { enforceRateLimit } from "~/platform/security/rate-limit.server";
import { normalizeCode } from "~/modules/verification/code";
import { findIssuedDocumentByCode } from "~/modules/verification/queries.server";
import { isUnlocked } from "~/modules/verification/unlock.server";
import { verdictOf } from "~/modules/verification/verdict";
import { revokedFileResponse } from "./page.server";
import { env } from "~/platform/env.server";
import type { Route } from "./+types/document";
import { notFound } from "~/modules/access/require.server";
import { fromFlag } from "~/platform/db/values";

/** The issued PDF for a reviewer: open without SecurePlus, after the access PIN with it; never once revoked (410). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await enforceRateLimit(`verify:${context.get(clientIpContext)}`, env.verifyRateLimit);
  const code = normalizeCode(params.code);
  const document = code ? await findIssuedDocumentByCode(getDb(), code) : undefined;
  if (!code || !document) throw notFound();
  if (verdictOf(document) === "REVOKED") return revokedFileResponse(request, code, document);
  if (fromFlag(document.secure_plus_enabled) && !isUnlocked(request, code)) {
    throw forbidden("pin-required");
  }
  const bytes = await readStoredFile(document.storage_key);
  return fileResponse(bytes, { name: `${document.document_name_en}.pdf`, mimeType: document.mime_type });
}
