import { ItemsCard } from "~/components/ui/link-list-card";
import { FieldValue } from "./field-value";
import { href } from "react-router";
import type { ReactNode } from "react";
import { Email } from "~/components/ui/unbroken";
import { useTranslation } from "~/platform/i18n/react";
import { Card } from "~/components/ui/card";
import { InfoCard } from "~/components/ui/info-card";
import { fileKindKey, formatDateTime, humanizeFieldName, pick } from "~/utils/format";
import { AttachmentStatusBadge } from "./status-badge";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { BilingualText } from "~/components/ui/bilingual-text";
import { useCalendar } from "~/utils/calendar";
import { NinStatus } from "~/components/people/nin-status";

/**
 * The request's filled fields. Staff see each field name with underscores turned into capitalised words
 * (docs/product.md, Who uses it) and the category's label beside it; beneficiaries see the label.
 */
export function FilledFieldsCard({
  requiredFields,
  fieldValues,
  showFieldNames = false,
}: {
  requiredFields: { field_name: string; field_type: string; name_en: string; name_ar: string }[];
  fieldValues: { field_name: string; field_value: string }[];
  showFieldNames?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const labelOf = (fieldName: string) => {
    const spec = requiredFields.find((field) => field.field_name === fieldName);
    return spec ? pick(i18n.language, spec.name_en, spec.name_ar) : humanizeFieldName(fieldName);
  };
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{t("requests.filledFields")}</h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]" data-testid="filled-fields">
        {fieldValues.map((field) => (
          <div key={field.field_name} className="contents">
            <dt className="text-sm text-gray-11">
              {showFieldNames ? (
                <>
                  <span className="block font-medium text-gray-12">
                    <bdi lang="en">{humanizeFieldName(field.field_name)}</bdi>
                  </span>{" "}
                  {labelOf(field.field_name)}
                </>
              ) : (
                labelOf(field.field_name)
              )}
            </dt>
            <dd>
              <FieldValue
                type={requiredFields.find((spec) => spec.field_name === field.field_name)?.field_type}
                value={field.field_value}
              />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

interface Attachment {
  id: number;
  document_name: string;
  document_type_en?: string | null;
  document_type_ar?: string | null;
  mime_type: string;
  total_pages: number | null;
  status: string;
  file_id: number;
}

/** Uploaded documents with 'View Document' through the authorized file route; staff add review buttons. */
export function UploadedDocumentsCard({
  attachments,
  actions,
}: {
  attachments: Attachment[];
  actions?: (attachment: Attachment) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ItemsCard
      title={t("requests.uploadedDocuments")}
      empty={t("requests.noDocuments")}
      testId="uploaded-documents"
      items={attachments}
      listClassName="divide-y divide-gray-5"
      itemClassName="flex flex-wrap items-center justify-between gap-3 py-2"
    >
      {(attachment) => (
        <>
          <span>
            <bdi className="font-medium">
              {attachment.document_type_en
                ? pick(
                    i18n.language,
                    attachment.document_type_en,
                    attachment.document_type_ar ?? attachment.document_type_en,
                  )
                : attachment.document_name}
            </bdi>{" "}
            <span className="block text-sm text-gray-11">
              {t(fileKindKey(attachment.mime_type))}
              {attachment.total_pages ? ` · ${t("requests.pages", { count: attachment.total_pages })}` : ""}
            </span>
          </span>{" "}
          <span className="flex flex-wrap items-center gap-2">
            <AttachmentStatusBadge status={attachment.status} />{" "}
            <NewTabLink
              href={href("/files/:id", { id: String(attachment.file_id) })}
              className="text-sm text-accent-11 underline"
            >
              {t("requests.viewDocument")}
            </NewTabLink>{" "}
            {actions?.(attachment)}
          </span>
        </>
      )}
    </ItemsCard>
  );
}

/** What happened to the request (or attestation), from its audit events, with the notes staff left. */
/** What an audit event records beside its action: a status, and a note (one string before notes were bilingual). */
type AuditDetails = { status?: string; note?: string | { en: string | null; ar: string | null } };

const noteOf = (note: NonNullable<AuditDetails["note"]>) => (typeof note === "string" ? { en: note, ar: note } : note);

export function TimelineCard({
  timeline,
  showRoles = false,
  labels = "requests.events",
}: {
  timeline: { id: number; at: string; action: string; actor_role: string | null; details: AuditDetails }[];
  showRoles?: boolean;
  /** Where the events' labels live in locales. */
  labels?: "requests.events" | "attestations.events";
}) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{t("requests.timeline")}</h2>
      <ol className="flex flex-col gap-2 border-s-2 border-gray-5 ps-4" data-testid="timeline">
        {timeline.map((event) => (
          <li key={event.id}>
            <p className="font-medium">
              {t(`${labels}.${event.action}`, {
                status: event.details.status ? t(`status.${event.details.status}`) : "",
                defaultValue: event.action,
              })}
            </p>
            <p className="text-sm text-gray-11">
              {formatDateTime(event.at, i18n.language, calendar)}
              {showRoles && event.actor_role ? ` · ${t(`roles.${event.actor_role}`)}` : ""}
            </p>
            {event.details.note ? (
              <p className="text-sm">
                {t("requests.noteLabel")} <BilingualText {...noteOf(event.details.note)} />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** Who asked: the beneficiary's names in both languages and their contact details (staff screens). */
export function BeneficiaryCard({
  person,
}: {
  person: {
    first_name_en: string;
    father_name_en: string | null;
    last_name_en: string;
    first_name_ar: string;
    father_name_ar: string | null;
    last_name_ar: string;
    email: string;
    phone: string | null;
    nin: string | null;
    nin_verified_at?: string | null;
    nin_verified_method?: string | null;
  };
}) {
  const { t } = useTranslation();
  return (
    <InfoCard
      title={t("staff.beneficiaryInformation")}
      testId="beneficiary-card"
      rows={[
        [
          t("staff.fullName"),
          <bdi key="n" lang="en">
            {[person.first_name_en, person.father_name_en, person.last_name_en].filter(Boolean).join(" ")}
          </bdi>,
        ],
        [
          t("staff.arabicName"),
          <span key="a" dir="rtl" lang="ar">
            {[person.first_name_ar, person.father_name_ar, person.last_name_ar].filter(Boolean).join(" ")}
          </span>,
        ],
        [t("staff.email"), <Email key="e" address={person.email} />],
        [t("staff.phone"), <bdi key="p">{person.phone ?? "—"}</bdi>],
        [
          t("staff.nin"),
          person.nin ? (
            <span key="i" className="flex flex-wrap items-baseline gap-x-2">
              <bdi dir="ltr">{person.nin}</bdi>{" "}
              <NinStatus verifiedAt={person.nin_verified_at ?? null} method={person.nin_verified_method ?? null} />
            </span>
          ) : (
            "—"
          ),
        ],
      ]}
    />
  );
}
