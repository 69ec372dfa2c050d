import { idOf } from "~/platform/db/values";
import { useTranslation } from "~/platform/i18n/react";
import { Link, href } from "react-router";
import { HolderDocuments } from "~/components/requests/issued-cards";
import { FilledFieldsCard, TimelineCard, UploadedDocumentsCard } from "~/components/requests/request-cards";
import { StatusBadge } from "~/components/requests/status-badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { beneficiaryRequestView } from "~/modules/requests/views.server";
import { formatDateTime, formatMoney, pick } from "~/utils/format";
import type { Route } from "./+types/my-request";
import { useCalendar } from "~/utils/calendar";

/** The beneficiary's request page: status, timeline, fields, files, the issued document and its verifications. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user } = requirePermission(principalOf(context), "request:submit");
  const id = idOf(params.id);
  const view = Number.isInteger(id) ? await beneficiaryRequestView(getDb(), id, user.id) : null;
  if (!view) throw notFound();
  return view;
}

export default function MyRequest({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const { request, requiredFields, fieldValues, attachments, timeline, documents, verifications } = loaderData;
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <PageTitle title={t("requests.number", { id: request.id })} />
      <Link to={href("/beneficiary/request-document")} className="text-sm text-accent-11 underline">
        {t("requests.back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("requests.heading", { id: request.id })}</h1>
        <div className="flex items-center gap-3">
          <StatusBadge status={request.status} />
          {request.status === "PENDING" ? (
            <ButtonLink
              to={href("/beneficiary/request-document/edit/:id", { id: String(request.id) })}
              variant="outline"
            >
              {t("requests.edit")}
            </ButtonLink>
          ) : null}
        </div>
      </div>

      <Card>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="text-gray-11">{t("requests.client")}</dt>
          <dd>{pick(lng, request.client_en, request.client_ar)}</dd>
          <dt className="text-gray-11">{t("requests.category")}</dt>
          <dd>{pick(lng, request.category_en, request.category_ar)}</dd>
          <dt className="text-gray-11">{t("requests.fee")}</dt>
          <dd>
            <bdi>{formatMoney(request.fee, request.currency, lng)}</bdi>
          </dd>
          <dt className="text-gray-11">{t("requests.created")}</dt>
          <dd>{formatDateTime(request.created_at, lng, calendar)}</dd>
          <dt className="text-gray-11">{t("requests.securePlus")}</dt>
          <dd>{request.secure_plus_enabled ? t("requests.yes") : t("requests.no")}</dd>
          <dt className="text-gray-11">{t("requests.message")}</dt>
          <dd className="whitespace-pre-line" dir={request.request_message ? "auto" : undefined}>
            {request.request_message || t("requests.noMessage")}
          </dd>
        </dl>
      </Card>

      <HolderDocuments
        documents={documents}
        verifications={verifications}
        title={t("requests.issued")}
        downloadLabel={t("requests.download")}
      />

      <TimelineCard timeline={timeline} />
      <FilledFieldsCard requiredFields={requiredFields} fieldValues={fieldValues} />
      <UploadedDocumentsCard attachments={attachments} />
    </div>
  );
}
