import { ItemsCard } from "~/components/ui/link-list-card";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useLocation, useNavigation } from "react-router";
import { useZodForm } from "~/components/forms/zod-form";
import { Form } from "~/components/forms/form-token";
import { useArea } from "~/components/layout/area-shell";
import { Button } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { FileField } from "~/components/ui/field";
import { ScreenHeader } from "~/components/ui/screen-header";
import { getDb } from "~/platform/db/db.server";
import { fromFlag } from "~/platform/db/values";
import { linkTo, mustLinkTo } from "~/modules/access";
import { areaOf } from "~/modules/access/require.server";
import type { BulkProblem } from "~/modules/bulk/check.server";
import { BULK_MAX_BYTES, EXPIRY_COLUMN, REPORT_MAX_PROBLEMS } from "~/modules/bulk/columns";
import { jobsOfCategory } from "~/modules/bulk/queries.server";
import { bulkUploadSchema } from "~/modules/bulk/schema";
import { checkBulkFile, startBulkJob } from "~/modules/bulk/service.server";
import { requiredFieldsOf } from "~/modules/catalogue/queries.server";
import { enforceUploadRate } from "~/modules/files/allowance.server";
import { findTemplate } from "~/modules/templates/queries.server";
import { readUpload } from "~/platform/http/body.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formatDateTime, pick } from "~/utils/format";
import { useCalendar } from "~/utils/calendar";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/bulk-issue";
import { bulkCategoryOf } from "./category.server";

const SAMPLE_LINK = "rounded-md border border-gray-7 px-3 py-1.5 whitespace-nowrap hover:bg-gray-3";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { category } = await bulkCategoryOf(context, params.id);
  const db = getDb();
  return {
    category: { id: category.id, name_en: category.name_en, name_ar: category.name_ar },
    hasTemplate: Boolean(await findTemplate(db, category.id)),
    fields: (await requiredFieldsOf(db, category.id)).map((field) => ({
      name: field.field_name,
      label_en: field.name_en,
      label_ar: field.name_ar,
      required: fromFlag(field.is_required),
    })),
    jobs: await jobsOfCategory(db, category.id, 20),
  };
}

/** The dry run (`check`), or the check and then the job (`issue`): a file with any problem writes nothing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, category } = await bulkCategoryOf(context, params.id);
  const upload = await readUpload(request, { maxFileSize: BULK_MAX_BYTES, maxFiles: 1, tooLarge: "bulk.fileTooLarge" });
  if (!upload.ok) return replyRefused(upload, undefined, { field: "file", wrap: (result) => ({ result }) });
  const submission = parseWithZod(upload.fields, { schema: bulkUploadSchema });
  const file = upload.files.find((candidate) => candidate.fieldName === "file" && candidate.bytes.byteLength > 0);
  if (submission.status !== "success" || !file)
    return replyInvalid(submission, { fieldErrors: { file: ["bulk.selectFile"] }, wrap: (result) => ({ result }) });
  await enforceUploadRate(principal.userId);
  const db = getDb();
  const checked = await checkBulkFile(db, category, file.bytes);
  const report = {
    file: file.name,
    total: checked.total,
    count: checked.problems.length,
    problems: checked.problems.slice(0, REPORT_MAX_PROBLEMS),
  };
  if (checked.problems.length > 0 || submission.value.intent === "check")
    return data({ result: submission.reply(), report }, { status: checked.problems.length ? 400 : 200 });
  const jobId = await startBulkJob(db, principal, category, file.name, checked.rows);
  return redirectWithToast(mustLinkTo(areaOf(context)!, "bulkJob", { jobId }), {
    kind: "success",
    message: "bulk.started",
    params: { count: checked.rows.length },
  });
}

/** What the check found: the file's name, its rows, and its problems (the first ones). */
type CheckReport = { file: string; total: number; count: number; problems: BulkProblem[] };

function Report({ report }: { report: CheckReport }) {
  const { t } = useTranslation();
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold" id="bulk-report">
        {t("bulk.reportTitle", { file: report.file })}
      </h2>
      {report.count === 0 ? (
        <Callout tone="success">{t("bulk.reportValid", { count: report.total })}</Callout>
      ) : (
        <>
          <Callout tone="error">
            {t("bulk.reportProblems", { count: report.count })}{" "}
            {report.count > report.problems.length ? t("bulk.reportMore", { shown: report.problems.length }) : null}
          </Callout>
          <ScrollRegion label={t("bulk.problemsTable")} className="mt-3">
            <table className="w-full text-sm" data-testid="bulk-problems">
              <caption className="sr-only">{t("bulk.problemsTable")}</caption>
              <thead>
                <tr className="border-b border-gray-6 text-start">
                  <th className="p-2 text-start">{t("bulk.row")}</th>
                  <th className="p-2 text-start">{t("bulk.column")}</th>
                  <th className="p-2 text-start">{t("bulk.problem")}</th>
                </tr>
              </thead>
              <tbody>
                {report.problems.map((problem, index) => (
                  <tr key={index} className="border-b border-gray-4 align-top">
                    <td className="p-2">{problem.row ?? t("bulk.wholeFile")}</td>
                    <td className="p-2">
                      {problem.column ? (
                        <code dir="ltr" className="break-all">
                          {problem.column}
                        </code>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="p-2">{t(problem.key, problem.values)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </Card>
  );
}

export default function BulkIssue({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const area = useArea();
  const navigation = useNavigation();
  const { category, hasTemplate, fields, jobs } = loaderData;
  const name = pick(i18n.language, category.name_en, category.name_ar);
  const [form] = useZodForm(bulkUploadSchema, { lastResult: actionData?.result });
  const fileErrors = (actionData?.result?.error as Record<string, string[]> | undefined)?.file;
  const template = linkTo(area, "categoryTemplate", { id: category.id });
  const location = useLocation();
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <ScreenHeader
        title={t("bulk.title", { name })}
        back={{ href: mustLinkTo(area, "category", { id: category.id }), label: t("bulk.back") }}
      />
      <p className="text-gray-11">{t("bulk.intro")}</p>
      {!hasTemplate ? (
        <Callout tone="warning">
          {t("bulk.noTemplate")}{" "}
          {template ? (
            <Link to={template} className="underline">
              {t("templates.link")}
            </Link>
          ) : null}
        </Callout>
      ) : null}
      <Card>
        <h2 className="mb-2 text-lg font-semibold">{t("bulk.columnsTitle")}</h2>
        <ul className="flex list-disc flex-col gap-2 ps-5 text-sm" data-testid="bulk-columns">
          <li>{t("bulk.columnsPerson")}</li>
          <li>
            {fields.length ? t("bulk.columnsFields") : t("bulk.noFields")}{" "}
            {fields.map((field) => (
              <span key={field.name} className="me-2 inline-block">
                <code dir="ltr">
                  {field.name}
                  {field.required ? "*" : ""}
                </code>{" "}
                ({pick(i18n.language, field.label_en, field.label_ar)})
              </span>
            ))}
          </li>
          <li>
            <code dir="ltr">{EXPIRY_COLUMN}</code>: {t("bulk.columnsExpiry")}
          </li>
        </ul>
        {/* A file with these columns in their order and an example row, to fill in rather than write. */}
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          {t("bulk.sample")}{" "}
          <a href={`${location.pathname}/sample?format=csv`} download className={SAMPLE_LINK} data-testid="sample-csv">
            {t("bulk.sampleCsv")}
          </a>{" "}
          <a
            href={`${location.pathname}/sample?format=xlsx`}
            download
            className={SAMPLE_LINK}
            data-testid="sample-xlsx"
          >
            {t("bulk.sampleXlsx")}
          </a>
        </p>
      </Card>
      {hasTemplate ? (
        <Card>
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            noValidate
            className="flex flex-col gap-4"
          >
            <FileField
              name="file"
              label={t("bulk.file")}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              errors={fileErrors}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                name="intent"
                value="check"
                variant="outline"
                disabled={navigation.state === "submitting"}
              >
                {t("bulk.check")}
              </Button>
              <Button type="submit" name="intent" value="issue" disabled={navigation.state === "submitting"}>
                {t("bulk.issue")}
              </Button>
            </div>
          </Form>
        </Card>
      ) : null}
      {actionData && "report" in actionData ? <Report report={actionData.report as CheckReport} /> : null}
      <ItemsCard
        title={t("bulk.jobsTitle")}
        empty={t("bulk.noJobs")}
        testId="bulk-jobs"
        items={jobs}
        listClassName="flex flex-col gap-1 text-sm"
      >
        {(job) => (
          <>
            <Link to={mustLinkTo(area, "bulkJob", { jobId: job.id })} className="text-accent-11 underline">
              <bdi>{job.title}</bdi>
            </Link>{" "}
            · {t(`bulk.statuses.${job.status}`)} · {job.total_items} ·{" "}
            {formatDateTime(job.created_at, i18n.language, calendar)}
          </>
        )}
      </ItemsCard>
    </div>
  );
}
