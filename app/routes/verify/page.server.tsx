import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { VerifyErrorPage, VerifyFormPage, VerifyResultPage, type CheckResult, type VerificationView } from "~/components/verify/verify-pages";
import { getDb } from "~/db/db.server";
import { detectLanguage, i18nFor } from "~/middleware/i18next.server";
import { isSameOrigin } from "~/modules/security/origin.server";
import { hit } from "~/modules/security/rate-limit.server";
import { env } from "~/utils/env.server";
import { normalizeCode } from "~/modules/verification/code";
import { hashPostedFile } from "~/modules/verification/file-check.server";
import { findIssuedDocumentByCode } from "~/modules/verification/queries.server";
import { MAX_CHECK_FILE_BYTES, pinSchema } from "~/modules/verification/schema";
import { checkAccessPin, verdictOf, verifyCode, type IssuedDocument, type Verdict } from "~/modules/verification/service.server";
import { isUnlocked, unlockHeader } from "~/modules/verification/unlock.server";

/**
 * The public verification pages, `/verify` and `/verify/{code}` (DESIGN section 7). They carry no
 * script, so they are rendered as plain documents, without React Router's document pipeline: the
 * same function answers through the route modules and the production server's fast path.
 */
export async function verificationResponse(request: Request, ip: string): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const lng = await detectLanguage(request);
  const render = async (element: ReactElement, status = 200, headers: HeadersInit = {}) => {
    const html = renderToStaticMarkup(<I18nextProvider i18n={i18nFor(lng)}>{element}</I18nextProvider>);
    const response = new Response(`<!DOCTYPE html>${html}`, { status, headers });
    response.headers.set("Content-Type", "text/html; charset=utf-8");
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("Vary", "Accept-Language, Cookie");
    return response;
  };
  const redirect = (location: string, headers: Record<string, string> = {}) => new Response(null, { status: 302, headers: { Location: location, ...headers } });

  if (path === "/verify") {
    const typed = url.searchParams.get("code");
    if (typed === null) return render(<VerifyFormPage typed="" invalid={false} path={path} />);
    const code = normalizeCode(typed);
    if (code) return redirect(`/verify/${code}`);
    return render(<VerifyFormPage typed={typed.slice(0, 40)} invalid path={path} />, 400);
  }

  const rawCode = decodeURIComponent(path.slice("/verify/".length));
  if (!(await hit(`verify:${ip}`, env.verifyRateLimit, 60_000))) return render(<VerifyErrorPage status={429} path={path} />, 429, { "Retry-After": "60" });
  const code = normalizeCode(rawCode);

  if (request.method === "POST") {
    if (!isSameOrigin(request)) return render(<VerifyErrorPage status={403} path={path} />, 403);
    const document = code ? await findIssuedDocumentByCode(getDb(), code) : undefined;
    if (!code || !document) return render(<VerifyErrorPage status={404} path={path} />, 404);
    const unlocked = await isUnlocked(request, code);
    const page = (result: CheckResult, status: number) =>
      render(<VerifyResultPage view={view(code, verdictOf(document), document, unlocked)} result={result} path={path} />, status);
    if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
      const check = await hashPostedFile(request, document.document_hash, MAX_CHECK_FILE_BYTES);
      return page({ file: check.status }, check.status === "too-large" ? 413 : 200);
    }
    const submission = parseWithZod(await request.formData(), { schema: pinSchema });
    if (submission.status !== "success") return page({ pin: "format" }, 400);
    if (document.secure_plus_enabled !== 1) return redirect(`/verify/${code}`);
    const result = await checkAccessPin(document, submission.value.pin);
    if (result === "ok") return redirect(`/verify/${code}`, { "Set-Cookie": await unlockHeader(code) });
    return page({ pin: result }, result === "locked" ? 429 : 400);
  }

  if (code && code !== rawCode) return redirect(`/verify/${code}`);
  const result = await verifyCode(getDb(), rawCode, { ip, userAgent: request.headers.get("User-Agent") });
  const unlocked = result.code ? await isUnlocked(request, result.code) : false;
  const status = result.verdict === "NOT_FOUND" ? 404 : 200;
  return render(<VerifyResultPage view={view(result.code ?? rawCode.slice(0, 40), result.verdict, result.document, unlocked)} path={path} />, status);
}

/** What the page may show: the holder only without SecurePlus, or after the right PIN. */
export function view(code: string, verdict: Verdict, document: IssuedDocument | undefined, unlocked: boolean): VerificationView {
  if (!document) return { code, verdict, document: null };
  const securePlus = document.secure_plus_enabled === 1;
  const showHolder = !securePlus || unlocked;
  return {
    code,
    verdict,
    document: {
      name: document.document_name,
      issuerEn: document.issuer_en,
      issuerAr: document.issuer_ar,
      issuedAt: document.created_at,
      expiresAt: document.expiry_date,
      revokedAt: document.revoked_at,
      revocationReason: document.revocation_reason,
      sha256: document.document_hash,
      securePlus,
      unlocked: securePlus && unlocked,
      holderEn: showHolder ? [document.first_name_en, document.father_name_en, document.last_name_en].filter(Boolean).join(" ") : null,
      holderAr: showHolder ? [document.first_name_ar, document.father_name_ar, document.last_name_ar].filter(Boolean).join(" ") : null,
      canDownload: showHolder && verdict !== "REVOKED",
    },
  };
}
