import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid } from "~/platform/forms/reply.server";
import { badIntent } from "~/platform/http/body.server";
import { fromFlag, idOf } from "~/platform/db/values";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { FormErrors } from "~/components/forms/form-errors";
import { StaffIssuedDocuments } from "~/components/requests/issued-cards";
import {
  BeneficiaryCard,
  FilledFieldsCard,
  TimelineCard,
  UploadedDocumentsCard,
} from "~/components/requests/request-cards";
import { InfoCard } from "~/components/ui/info-card";
import { ConfirmNinForm } from "~/components/people/nin-verification";
import { StatusBadge } from "~/components/requests/status-badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { PageTitle } from "~/components/ui/page-title";
import { UrlDialog, useDialogUrl, useUrlWithoutDialog } from "~/components/ui/url-dialog";
import { getDb } from "~/platform/db/db.server";
import { can, linkTo } from "~/modules/access";
import { areaOf, notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { revokeIssuedDocument } from "~/modules/issuing/service.server";
import { confirmNinInPerson } from "~/modules/identity/service.server";
import { CAPABILITY_OF_INTENT, staffRequestActionSchema, statusUpdateSchema } from "~/modules/requests/schema";
import { findRequestForStaff } from "~/modules/requests/staff-queries.server";
import { requestListFrom, requestListOf } from "~/modules/requests/return-to.server";
import { withBack } from "~/utils/back-link";
import { changeRequestStatus, reviewAttachment } from "~/modules/requests/service.server";
import { staffRequestView } from "~/modules/requests/views.server";
import { redirectWithToast, refusalToast } from "~/platform/toast/toast.server";
import { formatDateTime, formatMoney, pick } from "~/utils/format";
import type { Route } from "./+types/staff-request";
import { readForm } from "~/platform/http/body.server";
import { storedBilingual } from "~/platform/forms/bilingual";
import { BilingualFields } from "~/components/forms/bilingual-fields";
import { BilingualText } from "~/components/ui/bilingual-text";
import { useCalendar } from "~/utils/calendar";
import { errorField, logger } from "~/platform/log/logger.server";

/**
 * The request detail screen (docs/product.md, Who uses it), one implementation for every staff area. It keeps the
 * list it was opened from (`?back=`): its Back link, its edit and issue screens and every change return there.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "request:read");
  const area = areaOf(context)!;
  const db = getDb();
  const found = requirePermission(principal, "request:read", await findRequestForStaff(db, idOf(params.id)));
  const canManage = can(principal, "request:update");
  const back = requestListFrom(area, url);
  const edit = canManage ? linkTo(area, "requestEdit", { id: found.id }) : null;
  const issue = can(principal, "request:issue") ? linkTo(area, "requestIssue", { id: found.id }) : null;
  return {
    ...(await staffRequestView(db, found)),
    links: {
      list: requestListOf(area, url, found),
      edit: edit && withBack(edit, back),
      issue: issue && withBack(issue, back),
    },
    canManage,
    canRevoke: can(principal, "request:revoke"),
    dialog: url.searchParams.get("dialog"),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  // Each intent asks for its own capability (a client admin may revoke without changing statuses).
  const principal = requirePermission(principalOf(context), "request:read");
  const area = areaOf(context)!;
  const db = getDb();
  const found = requirePermission(principal, "request:read", await findRequestForStaff(db, idOf(params.id)));
  // This screen as it was opened (with the list it came from): where a refusal stays and a toast's link goes.
  const here = withBack(url.pathname, requestListFrom(area, url));
  const list = requestListOf(area, url, found);
  const submission = parseWithZod(await readForm(request), { schema: staffRequestActionSchema });
  const intent = submission.payload.intent;
  if (intent !== "status" && intent !== "review" && intent !== "revoke" && intent !== "confirmNin") throw badIntent();
  requirePermission(principal, CAPABILITY_OF_INTENT[intent]);
  if (submission.status !== "success") {
    // A review names a document of this request: a bad one is as unknown as another request's.
    if (intent === "review") throw notFound();
    return replyInvalid(submission, { wrap: (result) => ({ intent, result }) });
  }
  const value = submission.value;
  switch (value.intent) {
    case "status":
      try {
        await changeRequestStatus(db, found, { ...value, note: storedBilingual(value.note) }, principal);
      } catch (error) {
        logger.error({ err: errorField(error) }, "request status change failed");
        return redirectWithToast(here, { kind: "error", message: "errors.failedToUpdateStatus" });
      }
      return redirectWithToast(list, {
        kind: "success",
        message: "staff.statusUpdated",
        params: { id: found.id },
        link: { href: here, label: "toasts.requestNumber" },
      });
    case "review": {
      const reviewed = await reviewAttachment(db, found, value.attachmentId, value.status, principal);
      if (!reviewed.ok) return refusalToast(here, reviewed);
      return redirectWithToast(here, {
        kind: "success",
        message: "staff.documentReviewed",
        params: { status: { key: `status.${value.status}` } },
      });
    }
    case "confirmNin": {
      const holder = { userId: found.beneficiary_id, nin: value.nin };
      const confirmed = await confirmNinInPerson(db, principal, holder, found.client_id);
      if (!confirmed.ok) return refusalToast(here, confirmed);
      return redirectWithToast(here, { kind: "success", message: "identity.confirm.success" });
    }
    case "revoke": {
      const revoked = await revokeIssuedDocument(db, {
        owner: { requestId: found.id },
        clientId: found.client_id,
        issuedDocumentId: value.issuedDocumentId,
        reason: storedBilingual(value.reason),
        actor: principal,
      });
      if (!revoked.ok) return refusalToast(here, revoked);
      return redirectWithToast(list, {
        kind: "success",
        message: "staff.revoked",
        params: { id: found.id },
        link: { href: here, label: "toasts.requestNumber" },
      });
    }
  }
}

/** The issue link says what it will do to the request (docs/product.md, Issuing). */
const ISSUE_LABELS = { PENDING: "staff.approveAndIssue", COMPLETED: "staff.issueAgain" } as const;

export default function StaffRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const {
    request,
    requiredFields,
    fieldValues,
    attachments,
    timeline,
    issued,
    verifications,
    links,
    canManage,
    canRevoke,
  } = loaderData;
  const revokeErrors = actionData?.intent === "revoke" ? actionData.result.error : undefined;
  const yesNo = (value: boolean | number) => (value ? t("staff.yes") : t("staff.no"));
  const dialogUrl = useDialogUrl();
  return (
    <div className="flex max-w-5xl flex-col gap-5">
      <PageTitle title={t("requests.heading", { id: request.id })} />
      <Link to={links.list} className="text-sm text-accent-11 underline">
        {t("staff.backToList")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("requests.heading", { id: request.id })}</h1>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={dialogUrl("status")} preventScrollReset>
              {t("staff.updateStatus")}
            </ButtonLink>{" "}
            {links.edit ? (
              <>
                <ButtonLink to={links.edit} variant="outline">
                  {t("staff.editRequest")}
                </ButtonLink>{" "}
              </>
            ) : null}
            {links.issue && request.status !== "REJECTED" ? (
              <ButtonLink to={links.issue} variant="soft">
                {t(ISSUE_LABELS[request.status as keyof typeof ISSUE_LABELS] ?? "staff.issue")}
              </ButtonLink>
            ) : null}
          </div>
        ) : null}
      </div>
      {!canManage ? <Callout tone="info">{t("staff.readOnly")}</Callout> : null}
      <p className="whitespace-pre-line text-gray-12" dir="auto">
        {request.request_message || t("requests.noMessage")}
      </p>

      {canManage && loaderData.dialog === "status" ? (
        <StatusDialog request={request} lastResult={actionData?.intent === "status" ? actionData.result : undefined} />
      ) : null}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <BeneficiaryCard person={request} />
          {canManage && request.nin && !request.nin_verified_at ? (
            <ConfirmNinForm
              nin={request.nin}
              lastResult={actionData?.intent === "confirmNin" ? actionData.result : undefined}
            />
          ) : null}
        </div>
        <InfoCard
          title={t("staff.documentInformation")}
          rows={[
            [
              t("staff.nameEn"),
              <bdi key="en" lang="en">
                {request.category_en}
              </bdi>,
            ],
            [
              t("staff.nameAr"),
              <span key="ar" dir="rtl">
                {request.category_ar}
              </span>,
            ],
            [t("staff.description"), pick(lng, request.description_en, request.description_ar)],
            [t("staff.fee"), <bdi key="f">{formatMoney(request.fee, request.currency, lng)}</bdi>],
            [t("staff.validity"), t("staff.days", { count: request.validity_period_days })],
          ]}
        />
        <InfoCard
          title={t("staff.clientInformation")}
          rows={[
            [t("staff.name"), pick(lng, request.client_en, request.client_ar)],
            [
              t("staff.address"),
              <BilingualText key="address" en={request.client_address_en} ar={request.client_address_ar} />,
            ],
            [t("staff.canDoAttestation"), yesNo(request.can_do_attestation)],
          ]}
        />
        <InfoCard
          title={t("staff.requestInformation")}
          testId="request-card"
          rows={[
            [t("staff.status"), <StatusBadge key="s" status={request.status} />],
            [t("staff.securePlus"), yesNo(request.secure_plus_enabled)],
            [
              t("requests.message"),
              request.request_message ? (
                <bdi key="m" className="whitespace-pre-line">
                  {request.request_message}
                </bdi>
              ) : (
                "—"
              ),
            ],
            [t("staff.createdDate"), formatDateTime(request.created_at, lng, calendar)],
          ]}
        />
      </div>

      <FilledFieldsCard requiredFields={requiredFields} fieldValues={fieldValues} showFieldNames />
      {issued.length > 0 && attachments.some((attachment) => attachment.status === "PENDING") ? (
        <Callout tone="warning">
          <span data-testid="pending-after-issue">
            {t("staff.pendingAfterIssue", {
              count: attachments.filter((attachment) => attachment.status === "PENDING").length,
            })}
          </span>
        </Callout>
      ) : null}
      <UploadedDocumentsCard
        attachments={attachments}
        actions={(attachment) =>
          canManage ? (
            <Form method="post" className="flex gap-1">
              <input type="hidden" name="intent" value="review" />
              <input type="hidden" name="attachmentId" value={attachment.id} />
              {attachment.status === "PENDING" ? (
                <>
                  <button
                    type="submit"
                    name="status"
                    value="APPROVED"
                    className="rounded border border-gray-6 px-2 py-1 text-xs hover:bg-green-3"
                  >
                    {t("staff.approve")}
                  </button>{" "}
                  <button
                    type="submit"
                    name="status"
                    value="REJECTED"
                    className="rounded border border-gray-6 px-2 py-1 text-xs hover:bg-red-3"
                  >
                    {t("staff.reject")}
                  </button>
                </>
              ) : (
                // Decided: the decision shows beside it (its badge); one button takes it back.
                <button
                  type="submit"
                  name="status"
                  value="PENDING"
                  className="rounded border border-gray-6 px-2 py-1 text-xs hover:bg-gray-3"
                  data-testid="undo-review"
                >
                  {t("staff.undoReview")}
                </button>
              )}
            </Form>
          ) : null
        }
      />

      <StaffIssuedDocuments
        issued={issued}
        verifications={verifications}
        canRevoke={canRevoke}
        revokeErrors={revokeErrors}
        title={t("staff.issuedDocuments")}
      />

      <TimelineCard timeline={timeline} showRoles />
    </div>
  );
}

function StatusDialog({
  request,
  lastResult,
}: {
  request: {
    id: number;
    status: string;
    secure_plus_enabled: number;
    status_note_en: string | null;
    status_note_ar: string | null;
  };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const closedUrl = useUrlWithoutDialog();
  const [form, fields] = useZodForm(statusUpdateSchema, {
    id: "status",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { note: { english: request.status_note_en ?? "", arabic: request.status_note_ar ?? "" } },
  });
  const formProps = getFormProps(form);
  return (
    <UrlDialog labelledBy="status-dialog-title" testId="status-dialog">
      <Form method="post" {...formProps} className="flex flex-col gap-4" preventScrollReset>
        <input type="hidden" name="intent" value="status" />
        <h2 id="status-dialog-title" className="text-lg font-semibold">
          {t("staff.statusDialogTitle", { id: request.id })}
        </h2>
        {fields.status.errors ? <FormErrors errors={fields.status.errors} /> : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("staff.status")}</legend>
          {(["PENDING", "APPROVED", "REJECTED"] as const).map((status) => (
            <label key={status} className="flex items-center gap-2">
              <input type="radio" name={fields.status.name} value={status} defaultChecked={request.status === status} />
              {t(`status.${status}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("staff.securePlus")}</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={fields.securePlusEnabled.name}
              value="true"
              defaultChecked={fromFlag(request.secure_plus_enabled)}
            />
            {t("staff.enabled")}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={fields.securePlusEnabled.name}
              value="false"
              defaultChecked={request.secure_plus_enabled !== 1}
            />
            {t("staff.disabled")}
          </label>
        </fieldset>
        <BilingualFields
          field={fields.note}
          english={t("staff.noteEnglish")}
          arabic={t("staff.noteArabic")}
          hint={t("common.oneLanguageEnough")}
          rows={3}
        />
        <div className="flex justify-end gap-2">
          <Link to={closedUrl} replace preventScrollReset className="rounded-md px-4 py-2 text-sm hover:bg-gray-3">
            {t("staff.cancel")}
          </Link>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {t("staff.save")}
          </Button>
        </div>
      </Form>
    </UrlDialog>
  );
}
