import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { badIntent } from "~/platform/http/body.server";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { inputProps } from "~/components/forms/conform";
import { AttestationSummary } from "~/components/attestations/attestation-cards";
import { BeneficiaryCard } from "~/components/requests/request-cards";
import { Button } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import {
  attestationApproveSchema,
  attestationDecisionSchema,
  attestationRejectSchema,
  defaultAttestationExpiry,
} from "~/modules/attestations/schema";
import { approveAttestation, rejectAttestation, withoutStorage } from "~/modules/attestations/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import { attestationForStaff } from "./staff-attestation.server";
import type { Route } from "./+types/attestation-decision";
import { readForm } from "~/platform/http/body.server";
import { nowIso } from "~/platform/db/values";
import { storedBilingual } from "~/platform/forms/bilingual";
import { BilingualFields } from "~/components/forms/bilingual-fields";

/** The decision (docs/architecture.md §6.4): approve with an expiry date, which issues the attested copy, or reject with a note. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { attestation, area } = await attestationForStaff(context, params.id);
  return {
    attestation: withoutStorage(attestation),
    back: mustLinkTo(area, "attestation", { id: attestation.id }),
    today: nowIso().slice(0, 10),
    defaultExpiry: defaultAttestationExpiry(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, attestation, area } = await attestationForStaff(context, params.id);
  const submission = parseWithZod(await readForm(request), { schema: attestationDecisionSchema });
  const intent = submission.payload.intent;
  if (intent !== "approve" && intent !== "reject") throw badIntent();
  if (submission.status !== "success") return replyInvalid(submission, { wrap: (result) => ({ intent, result }) });
  const detail = mustLinkTo(area, "attestation", { id: attestation.id });
  const db = getDb();
  const decision = submission.value;
  if (decision.intent === "approve") {
    const result = await approveAttestation(db, attestation, decision.expirationDate, principal);
    if (!result.ok) return replyRefused(result, submission, { wrap: (reply) => ({ intent, result: reply }) });
    return redirectWithToast(detail, { kind: "success", message: "attestations.approved" });
  }
  const rejected = await rejectAttestation(db, attestation, storedBilingual(decision.note), principal);
  if (!rejected.ok) return replyRefused(rejected, submission, { wrap: (result) => ({ intent, result }) });
  return redirectWithToast(detail, { kind: "success", message: "attestations.rejected" });
}

export default function AttestationDecision({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { attestation, back } = loaderData;
  const title = t("attestations.decisionTitle", { id: attestation.id });
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={back} className="text-sm text-accent-11 underline">
        {t("wizard.back")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <AttestationSummary attestation={attestation} fileLabel={t("attestations.beneficiaryDocument")} />
        <BeneficiaryCard person={attestation} />
      </div>
      {attestation.status !== "PENDING" ? (
        <Callout tone="info">{t("attestations.notPending")}</Callout>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <ApproveForm
            today={loaderData.today}
            defaultExpiry={loaderData.defaultExpiry}
            organisation={pick(i18n.language, attestation.client_en, attestation.client_ar)}
            lastResult={actionData?.intent === "approve" ? actionData.result : undefined}
          />
          <RejectForm lastResult={actionData?.intent === "reject" ? actionData.result : undefined} />
        </div>
      )}
    </div>
  );
}

function FormErrorsOf({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  return errors?.length ? <Callout tone="error">{t(errors[0])}</Callout> : null;
}

function ApproveForm({
  today,
  defaultExpiry,
  organisation,
  lastResult,
}: {
  today: string;
  defaultExpiry: string;
  organisation: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(attestationApproveSchema, {
    id: "approve",
    lastResult,
    defaultValue: { expirationDate: defaultExpiry },
  });
  return (
    <Card>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="approve-form">
        <input type="hidden" name="intent" value="approve" />
        <h2 className="text-lg font-semibold">{t("attestations.approveTitle")}</h2>
        <p className="text-sm text-gray-11">{t("attestations.approveHint", { organisation })}</p>
        <FormErrorsOf errors={form.errors} />
        <Field
          label={t("attestations.expirationDate")}
          hint={t("validation.dateFormatHint")}
          min={today}
          {...inputProps(fields.expirationDate, "date")}
        />
        <Button type="submit" className="self-start" disabled={navigation.state === "submitting"}>
          {t("attestations.approve")}
        </Button>
      </Form>
    </Card>
  );
}

function RejectForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(attestationRejectSchema, {
    id: "reject",
    lastResult,
  });
  return (
    <Card>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="reject-form">
        <input type="hidden" name="intent" value="reject" />
        <h2 className="text-lg font-semibold">{t("attestations.rejectTitle")}</h2>
        <FormErrorsOf errors={form.errors} />
        <BilingualFields
          field={fields.note}
          english={t("attestations.noteEnglish")}
          arabic={t("attestations.noteArabic")}
          hint={t("common.oneLanguageEnough")}
          rows={4}
        />
        <Button type="submit" variant="danger" className="self-start" disabled={navigation.state === "submitting"}>
          {t("attestations.reject")}
        </Button>
      </Form>
    </Card>
  );
}
