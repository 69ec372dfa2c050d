import { OPTIONAL_EXAMPLE } from "~/modules/templates/placeholders";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { useZodForm } from "~/components/forms/zod-form";
import { checkboxProps, inputProps } from "~/components/forms/conform";
import { idOf, nowIso } from "~/platform/db/values";
import { parseWithZod } from "@conform-to/zod/v4";
import { getFormProps } from "@conform-to/react";
import { useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/react";
import { Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { Button } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { FormErrors } from "~/components/forms/form-errors";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { homeAreaOf, linkTo, mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { readUpload } from "~/platform/http/body.server";
import {
  clerkIssueSchema,
  defaultExpiryDate,
  ISSUE_MAX_BYTES,
  type IssueFormFields,
  issueSchema,
  nameFromFile,
} from "~/modules/issuing/schema";
import { issueDocument } from "~/modules/issuing/service.server";
import { findRequestForStaff } from "~/modules/requests/staff-queries.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { requestListFrom, requestListOf } from "~/modules/requests/return-to.server";
import { withBack } from "~/utils/back-link";
import { pick } from "~/utils/format";
import type { Route } from "./+types/issue-document";
import { CheckboxField, Field, FileField } from "~/components/ui/field";
import { formatCode } from "~/modules/verification/code";
import { findTemplate } from "~/modules/templates/queries.server";
import { subjectOf, templateGaps, templateIssueSource } from "~/modules/templates/render.server";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { RadioGroupField } from "~/components/forms/radio-group-field";

/** The user's own version of the form (the clerks' does not ask the expiration date; docs/product.md, Who uses it). */
const issueFormOf = (role: Parameters<typeof homeAreaOf>[0]) =>
  homeAreaOf(role).issueForm ?? { asksExpiry: true, wording: "staff" as const };

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "request:issue");
  const found = requirePermission(principal, "request:issue", await findRequestForStaff(getDb(), idOf(params.id)));
  const variant = issueFormOf(principal.role);
  const template = await findTemplate(getDb(), found.document_category_id);
  return {
    id: found.id,
    status: found.status,
    categoryEn: found.category_en,
    categoryAr: found.category_ar,
    validityDays: found.validity_period_days,
    back: withBack(mustLinkTo(areaOf(context)!, "request", { id: found.id }), requestListFrom(areaOf(context)!, url)),
    asksDate: variant.asksExpiry,
    wording: variant.wording,
    today: nowIso().slice(0, 10),
    defaultExpiry: defaultExpiryDate(found.validity_period_days),
    preview: template ? linkTo(areaOf(context)!, "requestPreview", { id: found.id }) : null,
    // What the template would print empty for this request: said before the clerk chooses it.
    templateGaps: template ? templateGaps(template, await subjectOf(getDb(), found)) : [],
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "request:issue");
  const db = getDb();
  const found = requirePermission(principal, "request:issue", await findRequestForStaff(db, idOf(params.id)));
  const variant = issueFormOf(principal.role);
  const schema = variant.asksExpiry ? issueSchema : clerkIssueSchema;
  const upload = await readUpload(request, {
    maxFileSize: ISSUE_MAX_BYTES,
    maxFiles: 1,
    tooLarge: "validation.fileMax4",
  });
  // The upload was cut off at the limit: the other fields were not read, only the file is at fault.
  if (!upload.ok) return replyRefused(upload, undefined, { field: "file" });
  const file = upload.files.find((candidate) => candidate.fieldName === "file" && candidate.bytes.byteLength > 0);
  const form = upload.fields;
  const fromTemplate = form.get("source") === "template";
  // The spec's rule: an empty (English) name is the file's name.
  if (!form.get("documentName.english") && file && !fromTemplate)
    form.set("documentName.english", nameFromFile(file.name));
  const submission = parseWithZod(form, { schema });
  // From the template: no file, but the clerk confirms they checked the draft (docs/architecture.md §21).
  const missing: Record<string, string[]> | null = fromTemplate
    ? form.get("confirmDraft") === "on"
      ? null
      : { confirmDraft: ["templates.confirmDraftRequired"] }
    : file
      ? null
      : { file: ["validation.selectFile"] };
  if (submission.status !== "success" || missing)
    return replyInvalid(submission, missing ? { fieldErrors: missing } : {});

  const drawn = fromTemplate ? await templateIssueSource(db, found.id) : null;
  if (drawn && !drawn.ok) return replyRefused(drawn, submission);
  const result = await issueDocument(db, {
    request: found,
    issuer: principal,
    file: drawn?.ok ? drawn.document : file!,
    documentName: { en: submission.value.documentName.english, ar: submission.value.documentName.arabic },
    securePlusEnabled: submission.value.securePlusEnabled,
    expirationDate: "expirationDate" in submission.value ? (submission.value.expirationDate as string) : undefined,
    approve: form.get("approve") === "on",
  });
  if (!result.ok) return replyRefused(result, submission);
  const area = areaOf(context)!;
  // The toast names the request, as a link to it, and gives the new document's code; it says where the
  // document came from (the spec's upload wording is for an uploaded file).
  const named = {
    params: { id: found.id, code: formatCode(result.code) },
    link: {
      href: withBack(mustLinkTo(area, "request", { id: found.id }), requestListFrom(area, url)),
      label: "toasts.requestAndCode",
    },
  };
  const toast = fromTemplate
    ? { kind: "success" as const, message: "toasts.documentIssuedFromTemplate", ...named }
    : variant.wording === "superAdmin"
      ? { kind: "success" as const, message: "toasts.documentIssued", ...named }
      : { kind: "success" as const, message: "toasts.documentUploaded", description: "toasts.fileProcessed", ...named };
  return redirectWithToast(requestListOf(area, url, found), toast);
}

/** The button says what the post does to the request. */
const SUBMIT_LABELS = { PENDING: "staff.approveAndIssue", COMPLETED: "staff.issueAgain" } as const;

export default function IssueDocument({ loaderData: view, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const nameInput = useRef<HTMLInputElement>(null);
  // A name already there (the category's, or one the clerk typed) is kept: a file fills it only when it is empty
  // (docs/product.md, Issuing), and removing that file empties it again.
  const autoFilled = useRef(false);
  const submitting = navigation.state === "submitting";
  const schema = view.asksDate ? issueSchema : clerkIssueSchema;
  const [form, fields] = useZodForm<typeof schema, IssueFormFields>(schema, {
    lastResult: actionData,
    defaultValue: {
      documentName: { english: view.categoryEn, arabic: view.categoryAr },
      expirationDate: view.defaultExpiry,
      // An upload unless the clerk chooses the template: a file chosen is never silently set aside.
      source: "upload",
    },
  });
  const [tooLarge, setTooLarge] = useState(false);
  const fileError = tooLarge ? "validation.fileMax4" : (fields.file.errors?.[0] ?? undefined);
  const names = fields.documentName.getFieldset();
  const dateError = fields.expirationDate.errors?.[0];
  // The spec's failure banner: after a refused post, or a submit the browser's checks stopped.
  const [attempted, setAttempted] = useState(false);
  const failed = actionData?.status === "error" || (attempted && Object.keys(form.allErrors).length > 0);
  const formProps = getFormProps(form);
  const isSuperAdmin = view.wording === "superAdmin";
  const title = t("staff.issueTitle", { id: view.id });

  // With JS: choosing a file puts its name in an empty English name; removing it clears the name it put there.
  const onFileChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = nameInput.current;
    const chosen = event.target.files?.[0];
    setTooLarge(Boolean(chosen && chosen.size > ISSUE_MAX_BYTES));
    if (!input) return;
    if (chosen && (!input.value.trim() || autoFilled.current)) {
      input.value = nameFromFile(chosen.name);
      autoFilled.current = true;
    } else if (!chosen && autoFilled.current) {
      input.value = "";
      autoFilled.current = false;
    }
  };

  return (
    <div className="flex max-w-2xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={view.back} className="text-sm text-accent-11 underline">
        {t("wizard.back")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-gray-11">{pick(i18n.language, view.categoryEn, view.categoryAr)}</p>
      {failed ? (
        <div
          role="alert"
          data-testid="issue-failed"
          className="rounded-lg border border-red-6 bg-red-3 px-4 py-3 text-red-11"
        >
          {isSuperAdmin ? (
            <p className="font-semibold">{t("toasts.failedSubmitCheckInputs")}</p>
          ) : (
            <>
              <p className="font-semibold">{t("toasts.failedSubmit")}</p>
              <p className="text-sm">{t("toasts.checkInputs")}</p>
            </>
          )}
        </div>
      ) : null}
      <FormErrors errors={form.errors} />
      {view.status === "REJECTED" ? <Callout tone="warning">{t("staff.cannotIssueRejected")}</Callout> : null}
      {view.status === "PENDING" ? <Callout tone="info">{t("staff.approveAndIssueHint")}</Callout> : null}
      {view.status === "COMPLETED" ? <Callout tone="info">{t("staff.issueAgainHint")}</Callout> : null}
      {view.templateGaps.length && view.status !== "REJECTED" ? (
        <Callout tone="warning">
          <span data-testid="template-gaps">
            {t("templates.emptyPlaceholders", { names: view.templateGaps.join(", "), example: OPTIONAL_EXAMPLE })}
          </span>
        </Callout>
      ) : null}
      {view.preview && view.status !== "REJECTED" ? (
        <Callout tone="info">
          {t("templates.previewHint")}{" "}
          <NewTabLink href={view.preview} testId="template-preview">
            {t("templates.preview")}
          </NewTabLink>
        </Callout>
      ) : null}
      {view.status === "REJECTED" ? null : (
        <Card>
          <Form
            method="post"
            encType="multipart/form-data"
            {...formProps}
            onSubmit={(event) => {
              setAttempted(true);
              formProps.onSubmit(event);
            }}
            className="flex flex-col gap-4"
          >
            {view.preview ? (
              <RadioGroupField
                field={fields.source}
                legend={t("templates.source")}
                options={[
                  { value: "template", label: t("templates.sourceTemplate") },
                  { value: "upload", label: t("templates.sourceUpload") },
                ]}
              />
            ) : null}
            <FileField
              name="file"
              label={t("staff.file")}
              accept=".pdf,.png,.jpg,.jpeg,.gif"
              onChange={onFileChange}
              errors={fileError ? [fileError] : undefined}
            />
            <Field
              ref={nameInput}
              label={t("staff.documentNameEnglish")}
              dir="ltr"
              lang="en"
              onInput={() => {
                autoFilled.current = false;
              }}
              {...inputProps(names.english, "text")}
            />
            <Field label={t("staff.documentNameArabic")} dir="rtl" lang="ar" {...inputProps(names.arabic, "text")} />
            {view.asksDate ? (
              <Field
                id="expirationDate"
                name="expirationDate"
                type="date"
                label={t("staff.expirationDate")}
                min={view.today}
                defaultValue={fields.expirationDate.initialValue ?? view.defaultExpiry}
                hint={t("validation.dateFormatHint")}
                errors={dateError ? [dateError] : undefined}
                errorId="expirationDate-error"
              />
            ) : (
              <p className="text-sm text-gray-11">{t("staff.expiryFromValidity", { days: view.validityDays })}</p>
            )}
            <CheckboxField label={t("wizard.securePlus")} {...checkboxProps(fields.securePlusEnabled)} />
            {view.preview ? (
              <CheckboxField label={t("templates.confirmDraft")} {...checkboxProps(fields.confirmDraft)} />
            ) : null}
            {/* A pending request is approved by the same post: said on the button, sent as a field. */}
            {view.status === "PENDING" ? <input type="hidden" name="approve" value="on" /> : null}
            <Button type="submit" className="self-start" disabled={submitting} data-testid="issue-submit">
              {submitting ? (
                <>
                  <span
                    className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
                    aria-hidden="true"
                  />
                  {t("staff.issuing")}
                </>
              ) : (
                t(SUBMIT_LABELS[view.status as keyof typeof SUBMIT_LABELS] ?? "staff.submitIssue")
              )}
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}
