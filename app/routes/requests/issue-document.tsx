import { idOf, nowIso } from "~/db/values";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/i18n";
import { data, Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { Button } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/db/db.server";
import { homeAreaOf, linkTo, mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { readUpload } from "~/platform/http/body.server";
import {
  clerkIssueSchema,
  defaultExpiryDate,
  ISSUE_MAX_BYTES,
  issueSchema,
  nameFromFile,
} from "~/modules/issuing/schema";
import { issueDocument } from "~/modules/issuing/service.server";
import { findRequestForStaff } from "~/modules/requests/staff-queries.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import type { Route } from "./+types/issue-document";

/** The user's own version of the form (the clerks' does not ask the expiration date; docs/product.md, Who uses it). */
const issueFormOf = (role: Parameters<typeof homeAreaOf>[0]) =>
  homeAreaOf(role).issueForm ?? { asksExpiry: true, wording: "staff" as const };

export async function loader({ params, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "request:issue");
  const found = requirePermission(principal, "request:issue", await findRequestForStaff(getDb(), idOf(params.id)));
  const variant = issueFormOf(principal.role);
  return {
    id: found.id,
    status: found.status,
    categoryEn: found.category_en,
    categoryAr: found.category_ar,
    validityDays: found.validity_period_days,
    back: mustLinkTo(areaOf(context)!, "request", { id: found.id }),
    asksDate: variant.asksExpiry,
    wording: variant.wording,
    today: nowIso().slice(0, 10),
    defaultExpiry: defaultExpiryDate(found.validity_period_days),
  };
}

type IssueErrors = { file?: string; documentName?: string; expirationDate?: string; form?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "request:issue");
  const db = getDb();
  const found = requirePermission(principal, "request:issue", await findRequestForStaff(db, idOf(params.id)));
  const variant = issueFormOf(principal.role);
  const fail = (errors: IssueErrors, values: Record<string, string> = {}) => data({ errors, values }, { status: 400 });

  const upload = await readUpload(request, {
    maxFileSize: ISSUE_MAX_BYTES,
    maxFiles: 1,
    tooLarge: "validation.fileMax4",
  });
  if (!upload.ok) return fail({ file: upload.error });
  const file = upload.files.find((candidate) => candidate.fieldName === "file");
  const form = upload.fields;
  if (!form.get("documentName") && file) form.set("documentName", nameFromFile(file.name));
  const values = {
    documentName: String(form.get("documentName") ?? ""),
    expirationDate: String(form.get("expirationDate") ?? ""),
  };
  const submission = parseWithZod(form, { schema: variant.asksExpiry ? issueSchema : clerkIssueSchema });
  const fieldErrors = submission.status === "success" ? {} : (submission.reply().error ?? {});
  const errors: IssueErrors = {
    file: file ? undefined : "validation.selectFile",
    documentName: fieldErrors.documentName?.[0],
    expirationDate: fieldErrors.expirationDate?.[0],
  };
  if (!file || submission.status !== "success") return fail(errors, values);

  const result = await issueDocument(db, {
    request: found,
    issuer: principal,
    file,
    documentName: submission.value.documentName,
    securePlusEnabled: submission.value.securePlusEnabled,
    expirationDate: "expirationDate" in submission.value ? (submission.value.expirationDate as string) : undefined,
  });
  if (!result.ok) {
    return result.error === "staff.cannotIssueRejected"
      ? fail({ form: result.error }, values)
      : fail({ file: result.error }, values);
  }
  const toast =
    variant.wording === "superAdmin"
      ? { kind: "success" as const, message: "toasts.documentIssued" }
      : { kind: "success" as const, message: "toasts.documentUploaded", description: "toasts.fileProcessed" };
  const area = areaOf(context)!;
  const list =
    linkTo(area, "categoryRequests", { categoryId: found.document_category_id }) ??
    mustLinkTo(area, "request", { id: found.id });
  return redirectWithToast(list, toast);
}

export default function IssueDocument({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <IssueForm
      view={loaderData}
      result={actionData as { errors: IssueErrors; values: Record<string, string> } | undefined}
    />
  );
}

function IssueForm({
  view,
  result,
}: {
  view: Route.ComponentProps["loaderData"];
  result?: { errors: IssueErrors; values: Record<string, string> };
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const nameInput = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const autoFilled = useRef(false);
  const submitting = navigation.state === "submitting";
  // With JS, a field's error goes away as soon as the field holds a valid value again.
  const [corrected, setCorrected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setCorrected(new Set()), [result]);
  const correct = (field: keyof IssueErrors, valid: boolean) =>
    setCorrected((current) => {
      const next = new Set(current);
      if (valid) next.add(field);
      else next.delete(field);
      return next;
    });
  const errors: IssueErrors = Object.fromEntries(
    Object.entries(result?.errors ?? {}).filter(([field]) => !corrected.has(field)),
  );
  const failed = Boolean(result);
  const isSuperAdmin = view.wording === "superAdmin";
  const title = t("staff.issueTitle", { id: view.id });

  // With JS: choosing a file fills an empty name with the file name; removing the file clears it.
  const onFileChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = nameInput.current;
    const chosen = event.target.files?.[0];
    setTooLarge(Boolean(chosen && chosen.size > ISSUE_MAX_BYTES));
    correct("file", Boolean(chosen && chosen.size <= ISSUE_MAX_BYTES));
    if (!input) return;
    if (chosen && (!input.value || autoFilled.current)) {
      input.value = nameFromFile(chosen.name);
      autoFilled.current = true;
      correct("documentName", input.value.trim() !== "");
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
      {errors.form ? <Callout tone="error">{t(errors.form)}</Callout> : null}
      {view.status === "REJECTED" ? <Callout tone="warning">{t("staff.cannotIssueRejected")}</Callout> : null}
      <Card>
        <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor="file" className="text-sm font-medium">
              {t("staff.file")}
            </label>
            <input
              id="file"
              name="file"
              type="file"
              accept=".pdf,.png,.jpg,.jpeg,.gif"
              onChange={onFileChange}
              aria-invalid={tooLarge || errors.file ? true : undefined}
              aria-describedby={tooLarge || errors.file ? "file-error" : undefined}
            />
            {tooLarge || errors.file ? (
              <p id="file-error" className="text-sm text-red-11">
                {tooLarge ? t("dropzone.fileTooLarge4") : t(errors.file!)}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="documentName" className="text-sm font-medium">
              {t("staff.documentName")}
            </label>
            <input
              ref={nameInput}
              id="documentName"
              name="documentName"
              defaultValue={result?.values.documentName ?? ""}
              onInput={(event) => {
                autoFilled.current = false;
                correct("documentName", event.currentTarget.value.trim() !== "");
              }}
              aria-invalid={errors.documentName ? true : undefined}
              className="rounded-md border border-gray-7 px-3 py-2"
            />
            {errors.documentName ? <p className="text-sm text-red-11">{t(errors.documentName)}</p> : null}
          </div>
          {view.asksDate ? (
            <div className="flex flex-col gap-1">
              <label htmlFor="expirationDate" className="text-sm font-medium">
                {t("staff.expirationDate")}
              </label>
              <input
                id="expirationDate"
                name="expirationDate"
                type="date"
                min={view.today}
                defaultValue={result?.values.expirationDate ?? view.defaultExpiry}
                onChange={(event) =>
                  correct(
                    "expirationDate",
                    /^\d{4}-\d{2}-\d{2}$/.test(event.currentTarget.value) && event.currentTarget.value >= view.today,
                  )
                }
                aria-invalid={errors.expirationDate ? true : undefined}
                aria-describedby="expirationDate-hint"
                className="rounded-md border border-gray-7 px-3 py-2"
              />
              <p id="expirationDate-hint" className="text-xs text-gray-11">
                {t("validation.dateFormatHint")}
              </p>
              {errors.expirationDate ? <p className="text-sm text-red-11">{t(errors.expirationDate)}</p> : null}
            </div>
          ) : (
            <p className="text-sm text-gray-11">{t("staff.expiryFromValidity", { days: view.validityDays })}</p>
          )}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="securePlusEnabled" />
            {t("wizard.securePlus")}
          </label>
          <Button
            type="submit"
            className="self-start"
            disabled={submitting || view.status === "REJECTED"}
            data-testid="issue-submit"
          >
            {submitting ? (
              <>
                <span
                  className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
                  aria-hidden="true"
                />
                {t("staff.issuing")}
              </>
            ) : (
              t("staff.submitIssue")
            )}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
