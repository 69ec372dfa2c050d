import { useDialogUrl } from "~/components/ui/url-dialog";
import { translateMessage } from "~/platform/forms/messages";
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { Form } from "~/components/forms/form-token";
import { useArea } from "~/components/layout/area-shell";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { DetailList } from "~/components/ui/detail-list";
import { ScreenHeader } from "~/components/ui/screen-header";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { areaOf } from "~/modules/access/require.server";
import { failedItems } from "~/platform/jobs/queries.server";
import { bulkJobIntentSchema } from "~/modules/bulk/schema";
import { cancelBulkJob, jobProgress, retryBulkJob } from "~/modules/bulk/service.server";
import { readIntent } from "~/platform/http/body.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formatDateTime, pick } from "~/utils/format";
import { useCalendar } from "~/utils/calendar";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/bulk-job";
import { jobOf } from "./job.server";

/** How often a running job's page refreshes: by itself without JS (a meta refresh), by revalidating with it. */
const REFRESH_SECONDS = 3;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { job } = await jobOf(context, params.jobId);
  const db = getDb();
  return {
    job,
    progress: await jobProgress(db, job),
    failed: await failedItems(db, job.id, 50),
    dialog: url.searchParams.get("dialog"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, job } = await jobOf(context, params.jobId);
  const { intent } = await readIntent(request, bulkJobIntentSchema);
  const here = mustLinkTo(areaOf(context)!, "bulkJob", { jobId: job.id });
  const result =
    intent === "cancel" ? await cancelBulkJob(getDb(), principal, job) : await retryBulkJob(getDb(), principal, job);
  return redirectWithToast(
    here,
    result.ok
      ? { kind: "success", message: intent === "cancel" ? "bulk.cancelled" : "bulk.retried" }
      : { kind: "error", message: result.error },
  );
}

/** "about 40 s", "about 3 min". */
function timeLeft(t: (key: string, values?: Record<string, unknown>) => string, seconds: number | null) {
  if (seconds === null) return t("bulk.unknown");
  return seconds < 90 ? t("bulk.seconds", { count: seconds }) : t("bulk.minutes", { count: Math.round(seconds / 60) });
}

export default function BulkJob({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const dialogUrl = useDialogUrl();
  const calendar = useCalendar(i18n.language);
  const area = useArea();
  const { job, progress, failed, dialog } = loaderData;
  const running = job.status === "RUNNING";
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const name = pick(i18n.language, job.category_en, job.category_ar);
  const exportHref = (query: string) => `${mustLinkTo(area, "bulkJob", { jobId: job.id })}/export?${query}`;
  const linkStyle = "rounded-md border border-gray-7 px-3 py-1.5 text-sm whitespace-nowrap hover:bg-gray-3";
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <ScreenHeader
        title={t("bulk.jobTitle", { id: job.id, name })}
        back={{ href: mustLinkTo(area, "bulkIssue", { id: job.category_id! }), label: t("bulk.link") }}
      >
        {running ? (
          <ButtonLink to={dialogUrl("cancel")} variant="danger" preventScrollReset>
            {t("bulk.cancel")}
          </ButtonLink>
        ) : null}
        {!running && (progress.failed > 0 || progress.left > 0) ? (
          <Form method="post">
            <input type="hidden" name="intent" value="retry" />
            <Button type="submit" title={t("bulk.retryHint")}>
              {t("bulk.retry")}
            </Button>
          </Form>
        ) : null}
      </ScreenHeader>
      {dialog === "cancel" && running ? (
        <ConfirmAction
          intent="cancel"
          title={t("bulk.cancelTitle")}
          hint={t("bulk.cancelHint")}
          confirmLabel={t("bulk.cancel")}
        />
      ) : null}
      <Card>
        <label htmlFor="bulk-progress" className="mb-1 block text-sm font-medium">
          {t("bulk.progressLabel")}: {progress.done + progress.failed} / {progress.total}
        </label>
        <progress
          id="bulk-progress"
          className="mb-4 h-3 w-full"
          max={progress.total}
          value={progress.done + progress.failed}
          data-testid="bulk-progress"
        />
        <div data-testid="bulk-status">
          <DetailList
            rows={[
              [t("bulk.jobStatus"), t(`bulk.statuses.${job.status}`)],
              [t("bulk.jobFile"), <bdi key="file">{job.title}</bdi>],
              [t("bulk.startedAt"), formatDateTime(job.created_at, i18n.language, calendar)],
              [t("bulk.total"), String(progress.total)],
              [t("bulk.done"), String(progress.done)],
              [t("bulk.failed"), String(progress.failed)],
              [t("bulk.left"), String(progress.left)],
              [
                t("bulk.rate"),
                progress.rate === null ? t("bulk.unknown") : t("bulk.rateValue", { rate: progress.rate.toFixed(1) }),
              ],
              [t("bulk.timeLeft"), running ? timeLeft(t, progress.secondsLeft) : "—"],
            ]}
          />
        </div>
        {running ? <p className="mt-3 text-sm text-gray-11">{t("bulk.refreshing")}</p> : null}
      </Card>
      <div className="flex flex-wrap gap-2">
        <a href={exportHref("format=csv")} download className={linkStyle} data-testid="bulk-results-csv">
          {t("bulk.resultsCsv")}
        </a>
        <a href={exportHref("format=xlsx")} download className={linkStyle} data-testid="bulk-results-xlsx">
          {t("bulk.resultsXlsx")}
        </a>
        {progress.failed > 0 ? (
          <a href={exportHref("format=csv&rows=failed")} download className={linkStyle} data-testid="bulk-failed-csv">
            {t("bulk.failedCsv")}
          </a>
        ) : null}
      </div>
      {failed.length ? (
        <Card>
          <h2 className="mb-2 text-lg font-semibold">{t("bulk.failedTitle")}</h2>
          <ul className="flex flex-col gap-1 text-sm" data-testid="bulk-failed">
            {failed.map((row) => (
              <li key={row.position}>
                {t("bulk.row")} {row.position}: {translateMessage(t, row.error ?? "bulk.rowFailed")}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
