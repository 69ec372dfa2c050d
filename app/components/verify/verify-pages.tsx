import { href } from "react-router";
import { useTranslation } from "~/platform/i18n/react";
import { HashText, VerificationCode } from "~/components/ui/unbroken";
import { FormTokenField } from "~/components/forms/form-token";
import { revocationReasonText } from "~/modules/issuing/revocation";
import { formatCode } from "~/modules/verification/code";
import type { VerificationView } from "~/modules/verification/view";
export type { VerificationView };
import { formatDate, isolate } from "~/utils/format";
import { VerdictIcon } from "./verdict-icon";
import { VerifyShell } from "./verify-shell";
import { BilingualText } from "~/components/ui/bilingual-text";

/** `/verify`: one field, a GET form, so it works in any browser and the result has its own URL. */
export function VerifyFormPage({ typed, invalid, path }: { typed: string; invalid: boolean; path: string }) {
  const { t } = useTranslation();
  return (
    <VerifyShell title={t("verify.title")} path={path}>
      <h1>{t("verify.title")}</h1>
      <p>{t("verify.intro")}</p>
      <form method="get" action={href("/verify")} className="v-card">
        <label htmlFor="code">{t("verify.codeLabel")}</label>{" "}
        <input
          type="text"
          id="code"
          name="code"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={typed}
          aria-invalid={invalid || undefined}
          aria-describedby="code-hint"
        />
        <p id="code-hint" className="v-hint">
          {t("verify.codeHint", { example: isolate(formatCode("ABCDEFGHJKMNPQRS")) })}
        </p>
        {invalid ? (
          <p className="v-msg v-bad" role="alert">
            {t("verify.invalidCode")}
          </p>
        ) : null}
        <button type="submit" className="v-btn">
          {t("verify.submit")}
        </button>
      </form>
      <p>
        <a href={href("/verify/batch")}>{t("verify.batchLink")}</a>
      </p>
      <p>
        <a href={href("/verify/offline")}>{t("verify.offlineLink")}</a>
      </p>
      <p>
        {t("verify.signedPdfs")} <a href={href("/certificate-authority.pem")}>{t("verify.authorityCertificate")}</a>
      </p>
    </VerifyShell>
  );
}

export type CheckResult = {
  pin?: "wrong" | "locked" | "format";
  file?: "match" | "mismatch" | "missing" | "too-large";
};

const PIN_MESSAGES = { wrong: "verify.pinWrong", locked: "verify.pinLocked", format: "verify.pinFormat" } as const;
const FILE_MESSAGES = {
  match: "verify.fileMatches",
  mismatch: "verify.fileDiffers",
  missing: "verify.fileMissing",
  "too-large": "validation.fileSizeMax5",
} as const;

/** `/verify/{code}`: the verdict in words, colour and icon, then what the issuer recorded. */
export function VerifyResultPage({
  view,
  result,
  path,
}: {
  view: VerificationView;
  result?: CheckResult;
  path: string;
}) {
  const { t, i18n } = useTranslation();
  const { code, verdict, document } = view;
  const english = i18n.language === "en";
  // The public verification page shows both calendars to everyone (docs/architecture.md §9).
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language, "BOTH") : "");
  const issuer = document ? (english ? document.issuerEn : document.issuerAr) : "";
  return (
    <VerifyShell title={`${t(`verify.verdict.${verdict}`)} · ${t("verify.title")}`} path={path}>
      <h1>{t("verify.title")}</h1>
      <section className={`v-verdict v-${verdict}`} aria-live="polite" data-verdict={verdict}>
        <VerdictIcon verdict={verdict} />
        <div>
          <strong>{t(`verify.verdict.${verdict}`)}</strong>{" "}
          <span>
            {document?.attested && verdict !== "NOT_FOUND"
              ? t(`verify.attestedText.${verdict}`, { issuer })
              : t(`verify.verdictText.${verdict}`, { issuer })}
          </span>
        </div>
      </section>

      <div className="v-card">
        <dl>
          <dt>{t("verify.code")}</dt>
          <dd>
            <VerificationCode code={code} />
          </dd>
          {document ? (
            <>
              {document.attested ? (
                <>
                  <dt>{t("verify.kind")}</dt>
                  <dd data-testid="attested">{t("verify.attestedCopy")}</dd>
                </>
              ) : null}
              <dt>{document.attested ? t("verify.attester") : t("verify.issuer")}</dt>
              <dd>{issuer}</dd>
              <dt>{t("verify.documentName")}</dt>
              <dd>
                <BilingualText en={document.name.en} ar={document.name.ar} />
              </dd>
              {document.holderEn ? (
                <>
                  <dt>{t("verify.holder")}</dt>
                  <dd data-testid="holder">{english ? document.holderEn : document.holderAr}</dd>
                </>
              ) : null}
              <dt>{t("verify.issuedOn")}</dt>
              <dd>{date(document.issuedAt)}</dd>
              {verdict === "REVOKED" ? (
                <>
                  <dt>{t("verify.revokedOn")}</dt>
                  <dd>{date(document.revokedAt)}</dd>
                  <dt>{t("verify.revocationReason")}</dt>
                  <dd>
                    <bdi>{revocationReasonText(document.revocationReason, t, i18n.language)}</bdi>
                  </dd>
                </>
              ) : (
                <>
                  <dt>{verdict === "EXPIRED" ? t("verify.expiredOn") : t("verify.expiresOn")}</dt>
                  <dd>{date(document.expiresAt)}</dd>
                </>
              )}
              <dt>{t("verify.sha256")}</dt>
              <dd>
                <HashText hash={document.sha256} data-testid="sha256" />
              </dd>
            </>
          ) : null}
        </dl>
        {document?.canDownload ? (
          <p>
            <a className="v-btn" href={href("/verify/:code/document", { code })}>
              {t("verify.download")}
            </a>{" "}
            <a className="v-link" href={href("/verify/:code/credential", { code })} data-testid="credential-link">
              {t("verify.credential")}
            </a>
          </p>
        ) : null}
      </div>

      {document?.securePlus && !document.unlocked ? (
        <form method="post" className="v-card">
          <FormTokenField />
          <p>{t("verify.securePlus")}</p>
          <label htmlFor="pin">{t("verify.pinLabel")}</label>{" "}
          <input type="text" id="pin" name="pin" inputMode="numeric" autoComplete="off" maxLength={6} dir="ltr" />{" "}
          {result?.pin ? (
            <p className="v-msg v-bad" role="alert">
              {t(PIN_MESSAGES[result.pin])}
            </p>
          ) : null}
          <button type="submit" className="v-btn">
            {t("verify.pinSubmit")}
          </button>
        </form>
      ) : null}

      {document ? (
        <form method="post" encType="multipart/form-data" className="v-card">
          <FormTokenField />
          <h2>{t("verify.fileCheckTitle")}</h2>
          <p className="v-hint">{t("verify.fileCheckIntro")}</p>
          <label htmlFor="file">{t("verify.fileLabel")}</label> <input type="file" id="file" name="file" />{" "}
          {result?.file ? (
            <p
              className={`v-msg ${result.file === "match" ? "v-ok" : "v-bad"}`}
              role="status"
              data-file-check={result.file}
            >
              {t(FILE_MESSAGES[result.file])}
            </p>
          ) : null}
          <button type="submit" className="v-btn">
            {t("verify.fileSubmit")}
          </button>
        </form>
      ) : null}

      <p>
        <a href={href("/verify")}>{t("verify.checkAnother")}</a>
      </p>
    </VerifyShell>
  );
}

/** 429 and refusals keep the verification frame (no script, small page). */
export function VerifyErrorPage({ status, path }: { status: number; path: string }) {
  const { t } = useTranslation();
  const messages: Record<number, string> = {
    400: t("errors.badRequestHint"),
    403: t("errors.forbidden"),
    404: t("errors.notFound"),
    413: t("errors.payloadTooLargeHint"),
    415: t("errors.unsupportedMediaTypeHint"),
    429: t("verify.tooMany"),
  };
  const message = messages[status] ?? t("errors.somethingWentWrong");
  return (
    <VerifyShell title={t("verify.title")} path={path}>
      <h1>{t("verify.title")}</h1>
      <p className="v-msg v-bad" role="alert" data-status={status}>
        {message}
      </p>
      <p>
        <a href={href("/verify")}>{t("verify.checkAnother")}</a>
      </p>
    </VerifyShell>
  );
}
