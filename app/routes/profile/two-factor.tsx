import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { inputProps } from "~/components/forms/conform";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { can } from "~/modules/access";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { readForm } from "~/platform/http/body.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { enrolmentSchema } from "~/modules/two-factor/schema";
import {
  confirmEnrolment,
  disableTwoFactor,
  enrolmentView,
  startEnrolment,
  twoFactorStatus,
} from "~/modules/two-factor/service.server";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/two-factor";

/** Its 429 keeps its Retry-After. */
export { keepStatusHeaders as headers } from "~/platform/http/route-headers";

/** Two-factor sign-in on one's own account: enrol with a QR code or the secret, works without JS. */
export async function loader({ context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "profile:read");
  const status = await twoFactorStatus(getDb(), principal.userId);
  if (!status) throw notFound();
  return {
    enabled: status.enabled,
    required: status.required,
    recoveryCodesLeft: status.recoveryCodesLeft,
    enrolment: status.pendingSecret ? await enrolmentView(status.pendingSecret, status.email) : null,
    canSetPolicy: can(principal, "security:manage"),
  };
}

type ActionData = { recoveryCodes: string[] } | SubmissionResult<string[]>;

export async function action({ request, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "profile:read");
  const db = getDb();
  const submission = parseWithZod(await readForm(request), { schema: enrolmentSchema });
  if (submission.status !== "success") return replyInvalid<ActionData>(submission, { hideFields: ["code"] });
  const { value } = submission;
  if (value.intent === "start") {
    await startEnrolment(db, principal.userId);
    return redirectWithToast(href("/profile/two-factor"), { kind: "info", message: "twoFactor.scanNow" });
  }
  if (value.intent === "confirm") {
    const enrolled = await confirmEnrolment(db, principal.userId, value.code, principal);
    if (!enrolled.ok) return replyRefused<ActionData>(enrolled, submission, { hideFields: ["code"] });
    // Shown once, on this answer: only their hashes are kept.
    return data<ActionData>({ recoveryCodes: enrolled.recoveryCodes });
  }
  const result = await disableTwoFactor(db, principal.userId, value.code, principal);
  if (result.ok)
    return redirectWithToast(href("/profile/two-factor"), { kind: "success", message: "twoFactor.turnedOff" });
  return replyRefused<ActionData>(result, submission, { hideFields: ["code"] });
}

function CodeForm({
  intent,
  submit,
  lastResult,
}: {
  intent: "confirm" | "disable";
  submit: string;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(enrolmentSchema, {
    id: intent,
    lastResult: lastResult && !("recoveryCodes" in lastResult) ? lastResult : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-3">
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value={intent} />
      <Field label={t("twoFactor.code")} autoComplete="one-time-code" dir="ltr" {...inputProps(fields.code, "text")} />
      <Button type="submit" disabled={navigation.state === "submitting"}>
        {submit}
      </Button>
    </Form>
  );
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageTitle title={t("twoFactor.title")} />
      <h1 className="text-2xl font-bold">{t("twoFactor.title")}</h1>
      {loaderData.required && !loaderData.enabled ? (
        <p role="alert" className="rounded-md border border-amber-7 bg-amber-3 p-3">
          {t("twoFactor.requiredNotice")}
        </p>
      ) : null}
      {recoveryCodes ? (
        <Card>
          <h2 className="mb-2 text-lg font-semibold">{t("twoFactor.recoveryTitle")}</h2>
          <p className="mb-3">{t("twoFactor.recoveryIntro")}</p>
          <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono" dir="ltr">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <p className="mt-4">
            <Link to={href("/dashboard")} className="text-accent-11 underline">
              {t("twoFactor.savedThem")}
            </Link>
          </p>
        </Card>
      ) : loaderData.enabled ? (
        <Card>
          <p className="mb-2 font-medium" data-testid="two-factor-status">
            {t("twoFactor.on")}
          </p>
          <p className="mb-4 text-sm text-gray-11">
            {t("twoFactor.recoveryLeft", { left: loaderData.recoveryCodesLeft })}
          </p>
          {loaderData.required ? (
            <p className="text-sm">{t("twoFactor.cannotTurnOff")}</p>
          ) : (
            <CodeForm intent="disable" submit={t("twoFactor.turnOff")} lastResult={actionData} />
          )}
        </Card>
      ) : loaderData.enrolment ? (
        <Card>
          <p className="mb-3">{t("twoFactor.scanIntro")}</p>
          {/* The QR code of the otpauth URI, drawn by the server: an SVG of our own making. */}
          <div
            className="mx-auto mb-3 w-48 bg-white"
            role="img"
            aria-label={t("twoFactor.qrLabel")}
            dangerouslySetInnerHTML={{ __html: loaderData.enrolment.qrSvg }}
          />
          <p className="mb-1 text-sm text-gray-11">{t("twoFactor.secretLabel")}</p>
          <p className="mb-4 font-mono" dir="ltr" data-testid="totp-secret">
            {loaderData.enrolment.secret}
          </p>
          <CodeForm intent="confirm" submit={t("twoFactor.confirm")} lastResult={actionData} />
        </Card>
      ) : (
        <Card>
          <p className="mb-2 font-medium" data-testid="two-factor-status">
            {t("twoFactor.off")}
          </p>
          <p className="mb-4">{t("twoFactor.intro")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <Button type="submit">{t("twoFactor.start")}</Button>
          </Form>
        </Card>
      )}
      {loaderData.canSetPolicy ? (
        <p className="text-sm">
          <Link to={href("/super-admin/two-factor-policy")} className="text-accent-11 underline">
            {t("twoFactor.policyLink")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
