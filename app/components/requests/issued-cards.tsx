import { ItemsCard } from "~/components/ui/link-list-card";
import { Link, useSearchParams, href } from "react-router";
import { HashText, UrlText, VerificationCode } from "~/components/ui/unbroken";
import { Form } from "~/components/forms/form-token";
import { TextareaField } from "~/components/ui/field";
import { UrlDialog, useUrlWithoutDialog, useDialogUrl } from "~/components/ui/url-dialog";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { revocationReasonText } from "~/modules/issuing/revocation";
import { formatDate, formatDateTime, isolate, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { BilingualText } from "~/components/ui/bilingual-text";
import { useCalendar } from "~/utils/calendar";

interface Verification {
  id: number;
  at: string;
  outcome: string;
}

interface IssuedDocument {
  id: number;
  document_name_en: string;
  document_name_ar: string;
  verification_code: string;
  expiry_date: string;
  created_at: string;
  status: string;
  revoked_at: string | null;
  revocation_reason_en: string | null;
  revocation_reason_ar: string | null;
  file_id: number;
  document_hash: string;
}

/**
 * The holder's view of the documents issued for a request or an attestation: each with its code, link,
 * QR code, access PIN (SecurePlus) and download, then when it was verified (docs/architecture.md §7).
 */
export function HolderDocuments({
  documents,
  verifications,
  title,
  downloadLabel,
}: {
  documents: (IssuedDocument & { verificationUrl: string; qrSvg: string; accessPin: string | null })[];
  verifications: Verification[];
  title: string;
  downloadLabel: string;
}) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  if (documents.length === 0) return null;
  return (
    <>
      {documents.map((document) => (
        <Card key={document.id} className="flex flex-col gap-3" data-testid="issued-document">
          <h2 className="text-lg font-semibold">{title}</h2>
          {document.status === "REVOKED" ? (
            <p className="text-red-11">
              {t("requests.revoked", {
                date: formatDate(document.revoked_at ?? document.created_at, lng, calendar),
                reason: isolate(
                  revocationReasonText(
                    { en: document.revocation_reason_en, ar: document.revocation_reason_ar },
                    t,
                    lng,
                  ),
                ),
              })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-6">
            <div className="size-36 shrink-0" dangerouslySetInnerHTML={{ __html: document.qrSvg }} />
            <dl className="grid flex-1 gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
              <dt className="text-gray-11">{t("requests.verificationCode")}</dt>
              <dd>
                <VerificationCode code={document.verification_code} data-testid="verification-code" />
              </dd>
              <dt className="text-gray-11">{t("requests.verificationLink")}</dt>
              <dd>
                <a href={document.verificationUrl} className="text-accent-11 underline">
                  <UrlText url={document.verificationUrl} />
                </a>
              </dd>
              <dt className="text-gray-11">{t("requests.expires")}</dt>
              <dd>{formatDate(document.expiry_date, lng, calendar)}</dd>
              {document.accessPin ? (
                <>
                  <dt className="text-gray-11">{t("requests.accessPin")}</dt>
                  <dd>
                    <code dir="ltr" className="text-lg font-bold" data-testid="access-pin">
                      {document.accessPin}
                    </code>
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
          {document.status === "VALID" ? (
            <div className="flex flex-wrap items-center gap-4">
              <ButtonLink to={`${href("/files/:id", { id: String(document.file_id) })}?download`} reloadDocument>
                {downloadLabel}
              </ButtonLink>
              <a
                href={href("/credentials/:id", { id: String(document.id) })}
                className="text-accent-11 underline"
                data-testid="credential-download"
              >
                {t("requests.credentialDownload")}
              </a>
              <span className="text-sm text-gray-11">{t("requests.credentialHint")}</span>
              <Link
                to={href("/beneficiary/wallet/:id", { id: String(document.id) })}
                className="text-accent-11 underline"
                data-testid="add-to-wallet"
              >
                {t("wallet.addToWallet")}
              </Link>
            </div>
          ) : null}
        </Card>
      ))}
      <ItemsCard
        title={t("requests.verifications")}
        empty={t("requests.noVerifications")}
        testId="verifications"
        items={verifications}
        itemClassName="flex items-center gap-3 text-sm"
      >
        {(event) => (
          <>
            <span>{formatDateTime(event.at, lng, calendar)}</span>
            <Badge
              variant={event.outcome === "VALID" ? "success" : event.outcome === "REVOKED" ? "destructive" : "warning"}
            >
              {t(`verify.verdict.${event.outcome}`)}
            </Badge>
          </>
        )}
      </ItemsCard>
    </>
  );
}

/** Staff's view of the same documents: code, expiry, SHA-256, a revoke form (reason required), the verifications. */
export function StaffIssuedDocuments({
  issued,
  verifications,
  canRevoke,
  revokeErrors,
  title,
}: {
  issued: IssuedDocument[];
  verifications: Verification[];
  canRevoke: boolean;
  revokeErrors?: Record<string, string[] | null>;
  title: string;
}) {
  const { t, i18n } = useTranslation();
  const dialogUrl = useDialogUrl();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  if (issued.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <ul className="flex flex-col gap-4" data-testid="issued-documents">
        {issued.map((document) => (
          <li key={document.id} className="flex flex-col gap-2 rounded-md border border-gray-5 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                <BilingualText en={document.document_name_en} ar={document.document_name_ar} /> ·{" "}
                <VerificationCode code={document.verification_code} />
              </span>{" "}
              {document.status === "VALID" ? (
                <Badge variant="success">{t("staff.valid")}</Badge>
              ) : (
                <Badge variant="destructive">{t("verify.verdict.REVOKED")}</Badge>
              )}
            </div>
            <p className="text-sm text-gray-11">
              {t("requests.expires")}: {formatDate(document.expiry_date, lng, calendar)} · {t("requests.hash")}{" "}
              <HashText hash={document.document_hash} />
            </p>
            <p className="flex flex-wrap gap-4 text-sm">
              <NewTabLink href={href("/files/:id", { id: String(document.file_id) })} testId="issued-pdf">
                {t("staff.openPdf")}
              </NewTabLink>{" "}
              <NewTabLink href={href("/verify/:code", { code: document.verification_code })} testId="verification-page">
                {t("staff.openVerification")}
              </NewTabLink>
            </p>
            {document.status === "REVOKED" ? (
              <p className="text-sm text-red-11">
                {t("staff.revokedOn", {
                  date: formatDate(document.revoked_at ?? "", lng, calendar),
                  reason: isolate(
                    revocationReasonText(
                      { en: document.revocation_reason_en, ar: document.revocation_reason_ar },
                      t,
                      lng,
                    ),
                  ),
                })}
              </p>
            ) : canRevoke ? (
              <ButtonLink
                to={dialogUrl("revoke", { document: document.id })}
                variant="danger"
                preventScrollReset
                className="self-start"
              >
                {t("staff.revoke")}
              </ButtonLink>
            ) : null}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 font-semibold">{t("staff.verifications")}</h3>
      {verifications.length === 0 ? (
        <p className="text-sm text-gray-11">{t("staff.noVerifications")}</p>
      ) : (
        <ul className="text-sm" data-testid="verifications">
          {verifications.map((event) => (
            <li key={event.id}>
              {formatDateTime(event.at, lng, calendar)} · {t(`verify.verdict.${event.outcome}`)}
            </li>
          ))}
        </ul>
      )}
      {canRevoke ? <RevokeDialog issued={issued} errors={revokeErrors} /> : null}
    </Card>
  );
}

/**
 * Revoking asks first (`?dialog=revoke&document={id}`: a section of the page without JS, a modal with JS)
 * and requires a reason, which the holder and the verification page show.
 */
function RevokeDialog({ issued, errors }: { issued: IssuedDocument[]; errors?: Record<string, string[] | null> }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [params] = useSearchParams();
  const closedUrl = useUrlWithoutDialog();
  const document = issued.find(
    (candidate) => String(candidate.id) === params.get("document") && candidate.status === "VALID",
  );
  if (params.get("dialog") !== "revoke" || !document) return null;
  return (
    <UrlDialog labelledBy="revoke-title" testId="revoke-dialog">
      <Form method="post" className="flex flex-col gap-4" preventScrollReset>
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="issuedDocumentId" value={document.id} />
        <h2 id="revoke-title" className="text-lg font-semibold">
          {t("staff.revokeTitle", { name: isolate(pick(lng, document.document_name_en, document.document_name_ar)) })}
        </h2>
        <p className="text-sm text-gray-11">{t("staff.revokeHint")}</p>
        {(
          [
            ["english", "en", "ltr"],
            ["arabic", "ar", "rtl"],
          ] as const
        ).map(([part, lang, dir]) => (
          <TextareaField
            key={part}
            id={`reason-${part}`}
            name={`reason.${part}`}
            label={t(part === "english" ? "staff.reasonEnglish" : "staff.reasonArabic")}
            dir={dir}
            lang={lang}
            errors={errors?.[`reason.${part}`] ?? undefined}
          />
        ))}
        {errors?.reason ? (
          <p id="reason-error" role="alert" className="text-sm text-red-11">
            {t(errors.reason[0])}
          </p>
        ) : (
          <p className="text-sm text-gray-11">{t("common.oneLanguageEnough")}</p>
        )}
        <div className="flex justify-end gap-2">
          <Link to={closedUrl} replace preventScrollReset className="rounded-md px-4 py-2 text-sm hover:bg-gray-3">
            {t("staff.keepDocument")}
          </Link>
          <Button type="submit" variant="danger">
            {t("staff.revoke")}
          </Button>
        </div>
      </Form>
    </UrlDialog>
  );
}
