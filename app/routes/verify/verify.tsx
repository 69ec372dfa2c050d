import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, redirect, type RouterContextProvider } from "react-router";
import { VerdictIcon } from "~/components/verify/verdict-icon";
import { VerifyShell } from "~/components/verify/verify-shell";
import { getDb } from "~/db/db.server";
import { clientIpContext } from "~/middleware/context";
import { enforceRateLimit } from "~/modules/security/rate-limit.server";
import { formatCode, normalizeCode } from "~/modules/verification/code";
import { hashPostedFile, type FileCheck } from "~/modules/verification/file-check.server";
import { findIssuedDocumentByCode } from "~/modules/verification/queries.server";
import { MAX_CHECK_FILE_BYTES, pinSchema } from "~/modules/verification/schema";
import { checkAccessPin, verifyCode, type IssuedDocument, type Verdict } from "~/modules/verification/service.server";
import { isUnlocked, unlockHeader } from "~/modules/verification/unlock.server";
import { env } from "~/utils/env.server";
import { formatDate } from "~/utils/format";
import type { Route } from "./+types/verify";

export const handle = { noScript: true };

function limitLookups(context: Readonly<RouterContextProvider>) {
  enforceRateLimit(`verify:${context.get(clientIpContext)}`, env.verifyRateLimit);
}

/** What the page may show: the holder only without SecurePlus, or after the right PIN. */
function view(code: string, verdict: Verdict, document: IssuedDocument | undefined, unlocked: boolean) {
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

export async function loader({ params, request, context }: Route.LoaderArgs) {
  limitLookups(context);
  const code = normalizeCode(params.code);
  if (code && code !== params.code) throw redirect(`/verify/${code}`);
  const result = await verifyCode(getDb(), params.code, {
    ip: context.get(clientIpContext),
    userAgent: request.headers.get("User-Agent"),
  });
  const unlocked = result.code ? await isUnlocked(request, result.code) : false;
  return data(view(result.code ?? params.code, result.verdict, result.document, unlocked), {
    status: result.verdict === "NOT_FOUND" ? 404 : 200,
    headers: { "Cache-Control": "no-store" },
  });
}

type ActionResult = { pin?: "wrong" | "locked" | "format"; file?: FileCheck["status"] };

/** Two forms post here: the SecurePlus access PIN, and the file check. */
export async function action({ params, request, context }: Route.ActionArgs) {
  limitLookups(context);
  const code = normalizeCode(params.code);
  const document = code ? await findIssuedDocumentByCode(getDb(), code) : undefined;
  if (!code || !document) throw data({ reason: "not-found" }, { status: 404 });

  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const check = await hashPostedFile(request, document.document_hash, MAX_CHECK_FILE_BYTES);
    return data({ file: check.status } satisfies ActionResult, { status: check.status === "too-large" ? 413 : 200 });
  }

  const submission = parseWithZod(await request.formData(), { schema: pinSchema });
  if (submission.status !== "success") return data({ pin: "format" } satisfies ActionResult, { status: 400 });
  if (document.secure_plus_enabled !== 1) throw redirect(`/verify/${code}`);
  const result = await checkAccessPin(document, submission.value.pin);
  if (result === "ok") throw redirect(`/verify/${code}`, { headers: { "Set-Cookie": await unlockHeader(code) } });
  return data({ pin: result } satisfies ActionResult, { status: result === "locked" ? 429 : 400 });
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { code, verdict, document } = loaderData;
  const result = actionData as ActionResult | undefined;
  const english = i18n.language === "en";
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : "");
  const issuer = document ? (english ? document.issuerEn : document.issuerAr) : "";
  return (
    <VerifyShell title={`${t(`verify.verdict.${verdict}`)} · ${t("verify.title")}`}>
      <h1>{t("verify.title")}</h1>
      <section className={`v-verdict v-${verdict}`} aria-live="polite" data-verdict={verdict}>
        <VerdictIcon verdict={verdict} />
        <div>
          <strong>{t(`verify.verdict.${verdict}`)}</strong>
          <span>{t(`verify.verdictText.${verdict}`, { issuer })}</span>
        </div>
      </section>

      <div className="v-card">
        <dl>
          <dt>{t("verify.code")}</dt>
          <dd>
            <code dir="ltr">{formatCode(code)}</code>
          </dd>
          {document ? (
            <>
              <dt>{t("verify.issuer")}</dt>
              <dd>{issuer}</dd>
              <dt>{t("verify.documentName")}</dt>
              <dd>
                <bdi>{document.name}</bdi>
              </dd>
              {document.holderEn ? (
                <>
                  <dt>{t("verify.holder")}</dt>
                  <dd data-testid="holder">{english ? document.holderEn : document.holderAr}</dd>
                </>
              ) : null}
              <dt>{t("verify.issuedOn")}</dt>
              <dd>{date(document.issuedAt)}</dd>
              {verdict === "REVOKED" ? null : (
                <>
                  <dt>{verdict === "EXPIRED" ? t("verify.expiredOn") : t("verify.expiresOn")}</dt>
                  <dd>{date(document.expiresAt)}</dd>
                </>
              )}
              {verdict === "REVOKED" ? (
                <>
                  <dt>{t("verify.revokedOn")}</dt>
                  <dd>{date(document.revokedAt)}</dd>
                  <dt>{t("verify.revocationReason")}</dt>
                  <dd>
                    <bdi>{document.revocationReason}</bdi>
                  </dd>
                </>
              ) : null}
              <dt>{t("verify.sha256")}</dt>
              <dd>
                <code dir="ltr" data-testid="sha256">{document.sha256}</code>
              </dd>
            </>
          ) : null}
        </dl>
        {document?.canDownload ? (
          <a className="v-btn" href={`/verify/${code}/document`}>
            {t("verify.download")}
          </a>
        ) : null}
      </div>

      {document?.securePlus && !document.unlocked ? (
        <form method="post" className="v-card">
          <p>{t("verify.securePlus")}</p>
          <label htmlFor="pin">{t("verify.pinLabel")}</label>
          <input type="text" id="pin" name="pin" inputMode="numeric" autoComplete="off" maxLength={6} dir="ltr" />
          {result?.pin ? (
            <p className="v-msg v-bad" role="alert">
              {t({ wrong: "verify.pinWrong", locked: "verify.pinLocked", format: "verify.pinFormat" }[result.pin])}
            </p>
          ) : null}
          <button type="submit" className="v-btn">
            {t("verify.pinSubmit")}
          </button>
        </form>
      ) : null}

      {document ? (
        <form method="post" encType="multipart/form-data" className="v-card">
          <h2>{t("verify.fileCheckTitle")}</h2>
          <p className="v-hint">{t("verify.fileCheckIntro")}</p>
          <label htmlFor="file">{t("verify.fileLabel")}</label>
          <input type="file" id="file" name="file" />
          {result?.file ? (
            <p className={`v-msg ${result.file === "match" ? "v-ok" : "v-bad"}`} role="status" data-file-check={result.file}>
              {t(
                {
                  match: "verify.fileMatches",
                  mismatch: "verify.fileDiffers",
                  missing: "verify.fileMissing",
                  "too-large": "validation.fileSizeMax5",
                }[result.file],
              )}
            </p>
          ) : null}
          <button type="submit" className="v-btn">
            {t("verify.fileSubmit")}
          </button>
        </form>
      ) : null}

      <p>
        <a href="/verify">{t("verify.checkAnother")}</a>
      </p>
    </VerifyShell>
  );
}

/** 429 and unexpected errors keep the verification frame (no script, small page). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = status === 429 ? t("verify.tooMany") : status === 404 ? t("errors.notFound") : t("errors.somethingWentWrong");
  return (
    <VerifyShell title={t("verify.title")}>
      <h1>{t("verify.title")}</h1>
      <p className="v-msg v-bad" role="alert" data-status={status}>
        {message}
      </p>
      <p>
        <a href="/verify">{t("verify.checkAnother")}</a>
      </p>
    </VerifyShell>
  );
}

