import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { AttachmentStatusBadge, StatusBadge } from "~/components/requests/status-badge";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/db/db.server";
import { requireRole } from "~/middleware/guard.server";
import { beneficiaryRequestView } from "~/modules/requests/beneficiary.server";
import { formatCode } from "~/modules/verification/code";
import { formatDate, formatDateTime, formatMoney, humanizeFieldName, pick } from "~/utils/format";
import type { Route } from "./+types/my-request";

/** The beneficiary's request page: status, timeline, fields, files, the issued document and its verifications. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireRole(context, request, ["BENEFICIARY"]);
  const id = Number(params.id);
  const view = Number.isInteger(id) ? await beneficiaryRequestView(getDb(), id, user.id) : null;
  if (!view) throw data({ reason: "not-found" }, { status: 404 });
  return view;
}

export default function MyRequest({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { request, requiredFields, fieldValues, attachments, timeline, documents, verifications } = loaderData;
  const labelOf = (fieldName: string) => {
    const spec = requiredFields.find((field) => field.field_name === fieldName);
    return spec ? pick(lng, spec.name_en, spec.name_ar) : humanizeFieldName(fieldName);
  };
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <PageTitle title={t("requests.number", { id: request.id })} />
      <Link to="/beneficiary/request-document" className="text-sm text-accent-11 underline">
        {t("requests.back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("requests.heading", { id: request.id })}</h1>
        <div className="flex items-center gap-3">
          <StatusBadge status={request.status} />
          {request.status === "PENDING" ? (
            <ButtonLink to={`/beneficiary/request-document/edit/${request.id}`} variant="outline">
              {t("requests.edit")}
            </ButtonLink>
          ) : null}
        </div>
      </div>

      <Card>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="text-gray-11">{t("requests.client")}</dt>
          <dd>{pick(lng, request.client_en, request.client_ar)}</dd>
          <dt className="text-gray-11">{t("requests.category")}</dt>
          <dd>{pick(lng, request.category_en, request.category_ar)}</dd>
          <dt className="text-gray-11">{t("requests.fee")}</dt>
          <dd>
            <bdi>{formatMoney(request.fee, request.currency, lng)}</bdi>
          </dd>
          <dt className="text-gray-11">{t("requests.created")}</dt>
          <dd>{formatDateTime(request.created_at, lng)}</dd>
          <dt className="text-gray-11">{t("requests.securePlus")}</dt>
          <dd>{request.secure_plus_enabled ? t("requests.yes") : t("requests.no")}</dd>
          <dt className="text-gray-11">{t("requests.message")}</dt>
          <dd className="whitespace-pre-line">{request.request_message || t("requests.noMessage")}</dd>
        </dl>
      </Card>

      {documents.map((document) => (
        <Card key={document.id} className="flex flex-col gap-3" data-testid="issued-document">
          <h2 className="text-lg font-semibold">{t("requests.issued")}</h2>
          {document.status === "REVOKED" ? (
            <p className="text-red-11">{t("requests.revoked", { date: formatDate(document.revoked_at ?? document.created_at, lng), reason: document.revocation_reason })}</p>
          ) : null}
          <div className="flex flex-wrap gap-6">
            <div className="size-36 shrink-0" dangerouslySetInnerHTML={{ __html: document.qrSvg }} />
            <dl className="grid flex-1 gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
              <dt className="text-gray-11">{t("requests.verificationCode")}</dt>
              <dd>
                <code dir="ltr" data-testid="verification-code">{formatCode(document.verification_code)}</code>
              </dd>
              <dt className="text-gray-11">{t("requests.verificationLink")}</dt>
              <dd className="break-all">
                <a href={document.verificationUrl} dir="ltr" className="text-accent-11 underline">
                  {document.verificationUrl}
                </a>
              </dd>
              <dt className="text-gray-11">{t("requests.expires")}</dt>
              <dd>{formatDate(document.expiry_date, lng)}</dd>
              {document.accessPin ? (
                <>
                  <dt className="text-gray-11">{t("requests.accessPin")}</dt>
                  <dd>
                    <code dir="ltr" className="text-lg font-bold" data-testid="access-pin">{document.accessPin}</code>
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
          {document.status === "VALID" ? (
            <ButtonLink to={`/files/${document.file_id}?download`} reloadDocument className="self-start">
              {t("requests.download")}
            </ButtonLink>
          ) : null}
        </Card>
      ))}

      {documents.length ? (
        <Card>
          <h2 className="mb-3 text-lg font-semibold">{t("requests.verifications")}</h2>
          {verifications.length === 0 ? (
            <p className="text-gray-11">{t("requests.noVerifications")}</p>
          ) : (
            <ul className="flex flex-col gap-1" data-testid="verifications">
              {verifications.map((event) => (
                <li key={event.id} className="flex items-center gap-3 text-sm">
                  <span>{formatDateTime(event.at, lng)}</span>
                  <Badge variant={event.outcome === "VALID" ? "success" : event.outcome === "REVOKED" ? "destructive" : "warning"}>
                    {t(`verify.verdict.${event.outcome}`)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}

      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t("requests.timeline")}</h2>
        <ol className="flex flex-col gap-2 border-s-2 border-gray-5 ps-4" data-testid="timeline">
          {timeline.map((event) => (
            <li key={event.id}>
              <p className="font-medium">
                {t(`requests.events.${event.action}`, { status: event.details.status ? t(`status.${event.details.status}`) : "", defaultValue: event.action })}
              </p>
              <p className="text-sm text-gray-11">{formatDateTime(event.at, lng)}</p>
              {event.details.note ? <p className="text-sm">{t("requests.note", { note: event.details.note })}</p> : null}
            </li>
          ))}
        </ol>
        {request.status_note ? <p className="mt-3 rounded-md bg-gray-2 p-3 text-sm">{t("requests.note", { note: request.status_note })}</p> : null}
      </Card>

      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t("requests.filledFields")}</h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]" data-testid="filled-fields">
          {fieldValues.map((field) => (
            <div key={field.field_name} className="contents">
              <dt className="text-gray-11">{labelOf(field.field_name)}</dt>
              <dd>
                <bdi>{field.field_value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t("requests.uploadedDocuments")}</h2>
        {attachments.length === 0 ? (
          <p className="text-gray-11">{t("requests.noDocuments")}</p>
        ) : (
          <ul className="divide-y divide-gray-5">
            {attachments.map((attachment) => (
              <li key={attachment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <bdi className="font-medium">{attachment.document_name}</bdi>{" "}
                  <span className="text-sm text-gray-11">
                    <bdi>{attachment.mime_type}</bdi>
                    {attachment.total_pages ? ` · ${t("requests.pages", { count: attachment.total_pages })}` : ""}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <AttachmentStatusBadge status={attachment.status} />
                  <a href={`/files/${attachment.file_id}`} target="_blank" rel="noopener noreferrer" className="text-sm text-accent-11 underline">
                    {t("requests.viewDocument")}
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
