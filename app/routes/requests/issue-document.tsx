import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { clientIpContext } from "~/middleware/context";
import { readMultipart } from "~/modules/files/upload.server";
import { clerkIssueSchema, ISSUE_MAX_BYTES, issueSchema, nameFromFile } from "~/modules/issuing/schema";
import { issueDocument } from "~/modules/issuing/service.server";
import { managedRequest } from "~/modules/requests/access.server";
import { requestsBaseOf } from "~/modules/requests/scope.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { pick } from "~/utils/format";
import type { Route } from "./+types/issue-document";

/** The clerks' version does not ask the expiration date (spec section 2). */
const asksDate = (pathname: string) => !pathname.startsWith("/clerks/");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { found } = await managedRequest(context, request, params.id);
  if (!found) return data({ missing: true as const, id: params.id }, { status: 404 });
  const pathname = new URL(request.url).pathname;
  return {
    missing: false as const,
    id: found.id,
    status: found.status,
    categoryEn: found.category_en,
    categoryAr: found.category_ar,
    validityDays: found.validity_period_days,
    base: requestsBaseOf(pathname),
    asksDate: asksDate(pathname),
    today: new Date().toISOString().slice(0, 10),
  };
}

type IssueErrors = { file?: string; documentName?: string; expirationDate?: string; form?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, db, found } = await managedRequest(context, request, params.id);
  if (!found) throw data({ reason: "not-found" }, { status: 404 });
  const pathname = new URL(request.url).pathname;
  const fail = (errors: IssueErrors, values: Record<string, string> = {}) => data({ errors, values }, { status: 400 });

  const upload = await readMultipart(request, { maxFileSize: ISSUE_MAX_BYTES, maxFiles: 1, tooLarge: "validation.fileMax4" });
  if (!upload.ok) return fail({ file: upload.error });
  const file = upload.files.find((candidate) => candidate.fieldName === "file");
  const form = upload.fields;
  if (!form.get("documentName") && file) form.set("documentName", nameFromFile(file.name));
  const values = { documentName: String(form.get("documentName") ?? ""), expirationDate: String(form.get("expirationDate") ?? "") };
  const submission = parseWithZod(form, { schema: asksDate(pathname) ? issueSchema : clerkIssueSchema });
  const fieldErrors = submission.status === "success" ? {} : (submission.reply().error ?? {});
  const errors: IssueErrors = {
    file: file ? undefined : "validation.selectFile",
    documentName: fieldErrors.documentName?.[0],
    expirationDate: fieldErrors.expirationDate?.[0],
  };
  if (!file || submission.status !== "success") return fail(errors, values);

  const result = await issueDocument(db, {
    request: found,
    issuer: user,
    file,
    documentName: submission.value.documentName,
    securePlusEnabled: submission.value.securePlusEnabled,
    expirationDate: "expirationDate" in submission.value ? (submission.value.expirationDate as string) : undefined,
    ip: context.get(clientIpContext),
  });
  if (!result.ok) {
    return result.error === "staff.cannotIssueRejected" ? fail({ form: result.error }, values) : fail({ file: result.error }, values);
  }
  const toast =
    user.role === "SUPER_ADMIN"
      ? { kind: "success" as const, message: "toasts.documentIssued" }
      : { kind: "success" as const, message: "toasts.documentUploaded", description: "toasts.fileProcessed" };
  return redirectWithToast(`${requestsBaseOf(pathname)}/requests/${found.document_category_id}`, toast);
}

export default function IssueDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.missing) return <Callout tone="warning">{t("errors.noDataWithId", { id: loaderData.id })}</Callout>;
  return <IssueForm view={loaderData} result={actionData as { errors: IssueErrors; values: Record<string, string> } | undefined} />;
}

function IssueForm({ view, result }: { view: Extract<Route.ComponentProps["loaderData"], { missing: false }>; result?: { errors: IssueErrors; values: Record<string, string> } }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const nameInput = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const autoFilled = useRef(false);
  const submitting = navigation.state === "submitting";
  const errors = result?.errors ?? {};
  const failed = Boolean(result);
  const isSuperAdmin = view.base.startsWith("/super-admin");
  const title = t("staff.issueTitle", { id: view.id });

  // With JS: choosing a file fills an empty name with the file name; removing the file clears it.
  const onFileChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = nameInput.current;
    const chosen = event.target.files?.[0];
    setTooLarge(Boolean(chosen && chosen.size > ISSUE_MAX_BYTES));
    if (!input) return;
    if (chosen && (!input.value || autoFilled.current)) {
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
      <Link to={`${view.base}/request/${view.id}`} className="text-sm text-accent-11 underline">
        {t("wizard.back")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-gray-11">{pick(i18n.language, view.categoryEn, view.categoryAr)}</p>
      {failed ? (
        <div role="alert" data-testid="issue-failed" className="rounded-lg border border-red-6 bg-red-3 px-4 py-3 text-red-11">
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
              onInput={() => (autoFilled.current = false)}
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
                defaultValue={result?.values.expirationDate ?? view.today}
                aria-invalid={errors.expirationDate ? true : undefined}
                className="rounded-md border border-gray-7 px-3 py-2"
              />
              {errors.expirationDate ? <p className="text-sm text-red-11">{t(errors.expirationDate)}</p> : null}
            </div>
          ) : (
            <p className="text-sm text-gray-11">{t("staff.expiryFromValidity", { days: view.validityDays })}</p>
          )}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="securePlusEnabled" />
            {t("wizard.securePlus")}
          </label>
          <Button type="submit" className="self-start" disabled={submitting || view.status === "REJECTED"} data-testid="issue-submit">
            {submitting ? (
              <>
                <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden="true" />
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
