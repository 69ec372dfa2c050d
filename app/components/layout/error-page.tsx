import { useTranslation } from "~/platform/i18n/react";
import { href, Link, useRouteLoaderData } from "react-router";
import { PageTitle } from "~/components/ui/page-title";
import type { PageMessage } from "~/modules/access/require.server";
import { LanguageSwitch } from "./language-switch";

const copy: Record<number, { title: string; hint?: string }> = {
  400: { title: "errors.badRequest", hint: "errors.badRequestHint" },
  403: { title: "errors.forbidden", hint: "errors.forbiddenHint" },
  404: { title: "errors.notFound", hint: "errors.notFoundHint" },
  413: { title: "errors.payloadTooLarge", hint: "errors.payloadTooLargeHint" },
  415: { title: "errors.unsupportedMediaType", hint: "errors.unsupportedMediaTypeHint" },
  429: { title: "errors.tooManyRequests", hint: "errors.tooManyRequestsHint" },
  503: { title: "errors.unavailable", hint: "errors.unavailableHint" },
};

/** The `reason` a thrown answer's data names (`data({ reason }, { status })`), if any. */
export const reasonOf = (data: unknown) =>
  data && typeof data === "object" && typeof (data as { reason?: unknown }).reason === "string"
    ? (data as { reason: string }).reason
    : undefined;

/** The words a thrown answer carries for its page (`notFound({ key })`), if any. */
export function messageOf(data: unknown): PageMessage | undefined {
  const message = data && typeof data === "object" ? (data as { message?: unknown }).message : undefined;
  return message && typeof message === "object" && typeof (message as PageMessage).key === "string"
    ? (message as PageMessage)
    : undefined;
}

/** What a thrown answer's `reason` says more precisely than its status. */
const copyOfReason: Record<string, { title: string; hint?: string }> = {
  "storage-quota": { title: "errors.storageQuota", hint: "errors.storageQuotaHint" },
  "missing-category": { title: "errors.badRequest", hint: "errors.missingCategory" },
};

/** 400, 403, 404, 413, 415, 429, 503 and unexpected errors, translated; details only outside production. */
export function ErrorPage({
  status,
  reason,
  details,
  inShell = false,
}: {
  status: number;
  reason?: string;
  details?: string;
  inShell?: boolean;
}) {
  const { t } = useTranslation();
  // The request's id, as its log line and audit events have it: what to quote to the service's operators.
  const reference = (useRouteLoaderData("root") as { requestId?: string | null } | undefined)?.requestId;
  const text = (reason ? copyOfReason[reason] : undefined) ?? copy[status] ?? { title: "errors.somethingWentWrong" };
  // Inside an area the shell already has the <main> landmark.
  const Wrapper = inShell ? "section" : "main";
  return (
    <Wrapper className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16 text-center" data-status={status}>
      <PageTitle title={t(text.title)} />
      {inShell ? null : (
        <div className="flex justify-center">
          <LanguageSwitch />
        </div>
      )}
      <p className="text-5xl font-bold text-gray-9" dir="ltr">
        {status}
      </p>
      <h1 className="text-2xl font-bold">{t(text.title)}</h1>
      {text.hint ? <p className="text-gray-11">{t(text.hint)}</p> : null}
      {details ? (
        <details className="rounded-md border border-gray-6 bg-white p-3 text-start">
          <summary className="cursor-pointer font-medium">
            <span className="when-closed">{t("errors.showError")}</span>
            <span className="when-open">{t("errors.hideError")}</span>
          </summary>
          <pre className="mt-2 overflow-auto text-xs" dir="ltr">
            {details}
          </pre>
        </details>
      ) : null}
      {reference ? (
        <p className="text-sm text-gray-11" data-testid="error-reference">
          {t("errors.reference")} <bdi dir="ltr">{reference}</bdi>
        </p>
      ) : null}
      <p>
        <Link to={inShell ? href("/dashboard") : href("/")} className="text-accent-11 underline">
          {inShell ? t("errors.backToDashboard") : t("errors.backHome")}
        </Link>
      </p>
    </Wrapper>
  );
}
