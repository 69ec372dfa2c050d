import { href } from "react-router";
import { StatusBadge } from "~/components/requests/status-badge";
import { Card } from "~/components/ui/card";
import { fileKindKey, formatDateTime, formatFileSize, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { BilingualText } from "~/components/ui/bilingual-text";
import { useCalendar } from "~/utils/calendar";

interface AttestationSummaryProps {
  attestation: {
    id: number;
    document_name: string;
    description: string;
    status: string;
    client_en: string;
    client_ar: string;
    secure_plus_enabled: number;
    created_at: string;
    reviewed_at: string | null;
    file_id: number;
    original_name: string;
    mime_type: string;
    size: number;
    total_pages: number | null;
  };
  /** "Your document" for the beneficiary, "The beneficiary's document" for staff. */
  fileLabel: string;
  reviewer?: string | null;
}

/** What was asked: the document, the organisation, the status and the uploaded file (through the authorized file route). */
export function AttestationSummary({ attestation, fileLabel, reviewer }: AttestationSummaryProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  return (
    <Card data-testid="attestation-card">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="text-gray-11">{t("attestations.documentName")}</dt>
        <dd>
          <bdi className="font-medium">{attestation.document_name}</bdi>
        </dd>
        <dt className="text-gray-11">{t("attestations.client")}</dt>
        <dd>{pick(lng, attestation.client_en, attestation.client_ar)}</dd>
        <dt className="text-gray-11">{t("requests.status")}</dt>
        <dd>
          <StatusBadge status={attestation.status} />
        </dd>
        <dt className="text-gray-11">{t("attestations.requestedOn")}</dt>
        <dd>{formatDateTime(attestation.created_at, lng, calendar)}</dd>
        {attestation.reviewed_at ? (
          <>
            <dt className="text-gray-11">{t("attestations.decidedOn")}</dt>
            <dd>
              {formatDateTime(attestation.reviewed_at, lng, calendar)}
              {reviewer ? ` · ${reviewer}` : ""}
            </dd>
          </>
        ) : null}
        <dt className="text-gray-11">{t("requests.securePlus")}</dt>
        <dd>{attestation.secure_plus_enabled ? t("requests.yes") : t("requests.no")}</dd>
        <dt className="text-gray-11">{t("attestations.descriptionLabel")}</dt>
        <dd className="whitespace-pre-line" dir="auto">
          {attestation.description || "—"}
        </dd>
        <dt className="text-gray-11">{fileLabel}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <NewTabLink href={href("/files/:id", { id: String(attestation.file_id) })} testId="original-file">
            <bdi>{attestation.original_name}</bdi>
          </NewTabLink>
          <span className="text-sm text-gray-11">
            {t(fileKindKey(attestation.mime_type))} · <bdi>{formatFileSize(attestation.size, lng)}</bdi>
            {attestation.total_pages ? ` · ${t("requests.pages", { count: attestation.total_pages })}` : ""}
          </span>
        </dd>
      </dl>
    </Card>
  );
}

/** The organisation's note on a rejected attestation, as the beneficiary reads it. */
export function ReviewNote({ en, ar }: { en: string | null; ar: string | null }) {
  const { t } = useTranslation();
  if (!en && !ar) return null;
  return (
    <p className="whitespace-pre-line rounded-md bg-gray-2 p-3" data-testid="review-note">
      {t("attestations.reviewNote")} <BilingualText en={en} ar={ar} />
    </p>
  );
}
