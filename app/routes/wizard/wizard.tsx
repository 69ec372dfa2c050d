import { documentsRefusal, postsFiles, readSupportingDocuments } from "~/modules/requests/supporting-upload.server";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { type Refused } from "~/platform/outcome";
import { FieldValue } from "~/components/requests/field-value";
import { useServerForm } from "~/components/forms/conform";
import { badIntent } from "~/platform/http/body.server";
import { fromFlag } from "~/platform/db/values";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { Link, redirect, useNavigation, useSearchParams, href } from "react-router";
import { Form } from "~/components/forms/form-token";
import { FormErrors } from "~/components/forms/form-errors";
import { RequiredFieldInputs } from "~/components/requests/required-field-inputs";
import { SupportingDocumentInput } from "~/components/requests/supporting-document-input";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { searchClients } from "~/modules/catalogue/queries.server";
import { readForm } from "~/platform/http/body.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { documentsIntentSchema, fieldsSchema, reviewSchema, wizardActionSchema } from "~/modules/wizard/schema";
import { WIZARD_STEPS } from "~/modules/wizard/steps";
import {
  allowedStep,
  attachDocuments,
  chooseCategory,
  chooseClient,
  discardDraft,
  removeDocument,
  saveFields,
  submitDraft,
  wizardView,
} from "~/modules/wizard/service.server";
import { formatMoney, pick } from "~/utils/format";
import type { Route } from "./+types/wizard";
import { searchOf } from "~/platform/paging";
import { CheckboxField, TextareaField } from "~/components/ui/field";
import { BilingualText } from "~/components/ui/bilingual-text";

const BASE = href("/beneficiary/request-document/create");
const stepUrl = (step: number) => `${BASE}?step=${step}`;

/** The request wizard (docs/architecture.md §6.2): each step is a form post; the draft lives on the server. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requirePermission(principalOf(context), "request:submit");
  const db = getDb();
  const view = await wizardView(db, user.id);
  const wanted = Number.parseInt(url.searchParams.get("step") ?? String(view.draft?.step ?? 0), 10);
  const step = allowedStep(view.draft, Number.isFinite(wanted) ? wanted : 0);
  const q = searchOf(url);
  return {
    step,
    q,
    clients: step === 0 ? await searchClients(db, q) : [],
    client: view.client ? { id: view.client.id, en: view.client.name_en, ar: view.client.name_ar } : null,
    category: view.category ?? null,
    categories: view.categories,
    requiredFields: view.requiredFields,
    supportingTypes: view.supportingTypes,
    attachments: view.attachments,
    fields: view.fields,
    requestMessage: view.draft?.request_message ?? "",
    securePlusEnabled: fromFlag(view.draft?.secure_plus_enabled),
  };
}

type FieldsReply = SubmissionResult<string[]>;
type ActionData =
  | { intent: "client" | "category"; error: string }
  | { intent: "fields"; reply: FieldsReply }
  | { intent: "documents"; errors: Record<string, string>; formError?: string };

/** The documents step's answer to a refusal: each message under its type, and the form's own (none chosen, too large). */
const documentsAnswer = (_: unknown, refusal: Refused): ActionData => {
  const { byType, formError } = documentsRefusal(refusal);
  return { intent: "documents", errors: byType, formError };
};

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requirePermission(principalOf(context), "request:submit");
  const db = getDb();

  if (postsFiles(request)) {
    const upload = await readSupportingDocuments(request);
    if (!upload.ok) return replyRefused(upload, undefined, { wrap: documentsAnswer });
    const removal = documentsIntentSchema.parse(upload.fields.get("intent") ?? undefined);
    if (removal) {
      await removeDocument(db, user.id, removal.remove);
      return redirect(stepUrl(3));
    }
    const attached = await attachDocuments(db, user.id, upload.files);
    if (!attached.ok) return replyRefused(attached, undefined, { wrap: documentsAnswer });
    return redirect(stepUrl(4));
  }

  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: wizardActionSchema });
  if (submission.status !== "success") throw badIntent();
  const value = submission.value;
  switch (value.intent) {
    case "client": {
      const chosen = await chooseClient(db, user.id, value.clientId);
      if (chosen.ok) return redirect(stepUrl(1));
      return replyRefused(chosen, undefined, {
        wrap: (_, refusal): ActionData => ({ intent: value.intent, error: refusal.error }),
      });
    }
    case "category": {
      const chosen = await chooseCategory(db, user.id, value.documentCategoryId);
      if (chosen.ok) return redirect(stepUrl(2));
      return replyRefused(chosen, undefined, {
        wrap: (_, refusal): ActionData => ({ intent: value.intent, error: refusal.error }),
      });
    }
    case "fields": {
      const view = await wizardView(db, user.id);
      const fields = parseWithZod(form, { schema: fieldsSchema(view.requiredFields) });
      if (fields.status !== "success")
        return replyInvalid(fields, { wrap: (reply): ActionData => ({ intent: "fields", reply }) });
      await saveFields(db, user.id, fields.value.fields as Record<string, string | undefined>);
      return redirect(stepUrl(3));
    }
    case "submit": {
      const review = parseWithZod(form, { schema: reviewSchema });
      const values = review.status === "success" ? review.value : { requestMessage: "", securePlusEnabled: false };
      const result = await submitDraft(db, user.id, values, context.get(clientIpContext));
      if (!result.ok)
        return redirectWithToast(stepUrl(result.details?.step ?? 0), { kind: "warning", message: result.error });
      return redirectWithToast(href("/beneficiary/request-document/:id", { id: String(result.requestId) }), {
        kind: "success",
        message: "wizard.submitted",
        description: "wizard.submittedDescription",
      });
    }
    case "discard":
      await discardDraft(db, user.id);
      return redirectWithToast(BASE, { kind: "info", message: "wizard.discarded" });
  }
}

/** This page's query with a dialog opened (the step and the rest kept). */
const withDialog = (params: URLSearchParams, dialog: string) => {
  const next = new URLSearchParams(params);
  next.set("dialog", dialog);
  return next.toString();
};

export default function Wizard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { step } = loaderData;
  const result = actionData as ActionData | undefined;
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={t("wizard.title")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("wizard.title")}</h1>
        {loaderData.client ? (
          // Throwing the draft and its files away is asked first (a page section without JS, a modal with JS).
          <Link
            to={`?${withDialog(searchParams, "discard")}`}
            preventScrollReset
            className="text-sm text-red-11 underline"
          >
            {t("wizard.startOver")}
          </Link>
        ) : null}
      </div>
      {loaderData.client && searchParams.get("dialog") === "discard" ? (
        <ConfirmAction
          intent="discard"
          title={t("wizard.startOverTitle")}
          hint={t("wizard.startOverHint")}
          confirmLabel={t("wizard.startOverConfirm")}
        />
      ) : null}
      {/* A list of labelled steps (not <ol>: a text browser would number them twice). */}
      <ul
        className="flex flex-wrap gap-2 text-sm"
        aria-label={t("wizard.stepOf", { current: step + 1, total: WIZARD_STEPS.length })}
      >
        {WIZARD_STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === step ? "step" : undefined}
            className={`rounded-full px-3 py-1 ${index === step ? "bg-accent-9 text-white" : index < step ? "bg-accent-3 text-accent-11" : "bg-gray-3 text-gray-11"}`}
          >
            {index + 1}. {t(`wizard.steps.${name}`)}
          </li>
        ))}
      </ul>
      <Card>
        {step === 0 ? (
          <ClientStep view={loaderData} error={result?.intent === "client" ? result.error : undefined} />
        ) : null}
        {step === 1 ? (
          <CategoryStep view={loaderData} error={result?.intent === "category" ? result.error : undefined} />
        ) : null}
        {step === 2 ? (
          <FieldsStep view={loaderData} reply={result?.intent === "fields" ? result.reply : undefined} />
        ) : null}
        {step === 3 ? (
          <DocumentsStep view={loaderData} result={result?.intent === "documents" ? result : undefined} />
        ) : null}
        {step === 4 ? <ReviewStep view={loaderData} /> : null}
      </Card>
      <p className="text-sm text-gray-11">{t("wizard.draftSaved")}</p>
    </div>
  );
}

type StepView = Route.ComponentProps["loaderData"];

function StepButtons({ back }: { back?: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <div className="mt-6 flex items-center justify-between gap-3">
      {back !== undefined ? (
        <ButtonLink to={stepUrl(back)} variant="outline">
          {t("wizard.back")}
        </ButtonLink>
      ) : (
        <span />
      )}{" "}
      <Button type="submit" disabled={navigation.state === "submitting"}>
        {t("wizard.next")}
      </Button>
    </div>
  );
}

const choiceClass =
  "flex cursor-pointer items-start gap-3 rounded-md border border-gray-6 p-3 hover:bg-gray-2 has-[:checked]:border-accent-9 has-[:checked]:bg-accent-2";

/** One radio choice of a step, in a block of its own: its parts apart, one line each in a text browser. */
function Choice({
  name,
  value,
  chosen,
  children,
}: {
  name: string;
  value: number;
  chosen: boolean;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label className={choiceClass}>
        <input type="radio" name={name} value={value} defaultChecked={chosen} className="mt-1.5" />{" "}
        <span>{children}</span>
      </label>
    </div>
  );
}

function ClientStep({ view, error }: { view: StepView; error?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t("wizard.chooseClient")}</h2>
      <Form method="get" className="flex gap-2" role="search">
        <input type="hidden" name="step" value="0" />
        <label htmlFor="q" className="sr-only">
          {t("wizard.searchClients")}
        </label>{" "}
        <input
          id="q"
          name="q"
          defaultValue={view.q}
          placeholder={t("wizard.searchClients")}
          className="min-w-0 flex-1 rounded-md border border-gray-7 px-3 py-2"
        />{" "}
        <Button type="submit" variant="outline">
          {t("wizard.search")}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="client" />
        {error ? <FormErrors errors={[error]} /> : null}
        {view.clients.length === 0 ? <p className="text-gray-11">{t("wizard.noClients")}</p> : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t("wizard.chooseClient")}</legend>
          {/* Each choice in a block of its own, its parts apart: one line each in a text browser. */}
          {view.clients.map((client) => (
            <Choice key={client.id} name="clientId" value={client.id} chosen={view.client?.id === client.id}>
              <span className="block font-medium">{pick(i18n.language, client.name_en, client.name_ar)}</span>
              {client.address_en || client.address_ar ? (
                <>
                  {" "}
                  <span className="block text-sm text-gray-11">
                    <BilingualText en={client.address_en} ar={client.address_ar} />
                  </span>
                </>
              ) : null}
            </Choice>
          ))}
        </fieldset>
        <StepButtons />
      </Form>
    </div>
  );
}

function CategoryStep({ view, error }: { view: StepView; error?: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="category" />
      <h2 className="text-lg font-semibold">
        {t("wizard.chooseCategory", { client: view.client ? pick(lng, view.client.en, view.client.ar) : "" })}
      </h2>
      {error ? <FormErrors errors={[error]} /> : null}
      {view.categories.length === 0 ? <p className="text-gray-11">{t("wizard.noCategories")}</p> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t("wizard.steps.category")}</legend>
        {view.categories.map((category) => (
          <Choice
            key={category.id}
            name="documentCategoryId"
            value={category.id}
            chosen={view.category?.id === category.id}
          >
            <span className="flex flex-col gap-1">
              <span className="font-medium">{pick(lng, category.name_en, category.name_ar)}</span>{" "}
              <span className="text-sm text-gray-11">
                {pick(lng, category.description_en, category.description_ar)}
              </span>{" "}
              <span className="text-sm">
                {t("wizard.fee")}:{" "}
                <bdi>{category.fee === 0 ? t("wizard.free") : formatMoney(category.fee, category.currency, lng)}</bdi> ·{" "}
                {t("wizard.validity", { days: category.validity_period_days })}
              </span>
            </span>
          </Choice>
        ))}
      </fieldset>
      <StepButtons back={0} />
    </Form>
  );
}

function FieldsStep({ view, reply }: { view: StepView; reply?: FieldsReply }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  // Checked by the server when the step is posted, not as one types: zod would add 26 KB to the wizard's first
  // visit, on the connections this service is for (docs/decisions/0020).
  const [form, fields] = useServerForm<{ fields: Record<string, string> }>({
    lastResult: reply,
    defaultValue: { fields: view.fields },
  });
  const values = fields.fields.getFieldset();
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="fields" />
      <h2 className="text-lg font-semibold">
        {t("wizard.fillFields", {
          category: view.category ? pick(lng, view.category.name_en, view.category.name_ar) : "",
        })}
      </h2>
      {view.requiredFields.length === 0 ? <p className="text-gray-11">{t("wizard.noFields")}</p> : null}
      <RequiredFieldInputs specs={view.requiredFields} fieldset={values as never} />
      <StepButtons back={1} />
    </Form>
  );
}

function DocumentsStep({ view, result }: { view: StepView; result?: Extract<ActionData, { intent: "documents" }> }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hadErrors = Boolean(result && (result.formError || Object.keys(result.errors).length));
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" noValidate>
      <h2 className="text-lg font-semibold">{t("wizard.attachDocuments")}</h2>
      <p className="text-sm text-gray-11">{t("wizard.allowedFiles")}</p>
      {result?.formError ? <FormErrors errors={[result.formError]} /> : null}
      {hadErrors ? <p className="text-sm text-amber-12">{t("wizard.chooseAgain")}</p> : null}
      {view.supportingTypes.length === 0 ? <p className="text-gray-11">{t("wizard.noDocuments")}</p> : null}
      {view.supportingTypes.map((type) => (
        <SupportingDocumentInput
          key={type.id}
          type={type}
          attachedName={
            view.attachments.find((attachment) => attachment.supporting_document_type_id === type.id)?.original_name
          }
          error={result?.errors[type.id]}
          removable
        />
      ))}
      {navigation.state === "submitting" && navigation.formEncType === "multipart/form-data" ? (
        <progress className="w-full" aria-label={t("wizard.documents")} />
      ) : null}
      <StepButtons back={2} />
    </Form>
  );
}

function ReviewStep({ view }: { view: StepView }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const navigation = useNavigation();
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="submit" />
      <h2 className="text-lg font-semibold">{t("wizard.review")}</h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]" data-testid="review">
        <dt className="text-gray-11">{t("wizard.client")}</dt>
        <dd>
          {view.client ? pick(lng, view.client.en, view.client.ar) : ""}{" "}
          <Link to={stepUrl(0)} className="text-sm text-accent-11 underline">
            {t("wizard.change")}
          </Link>
        </dd>
        <dt className="text-gray-11">{t("wizard.category")}</dt>
        <dd>
          {view.category ? pick(lng, view.category.name_en, view.category.name_ar) : ""}
          {view.category ? (
            <span className="text-sm text-gray-11">
              {" · "}
              <bdi>
                {view.category.fee === 0
                  ? t("wizard.free")
                  : formatMoney(view.category.fee, view.category.currency, lng)}
              </bdi>
            </span>
          ) : null}
        </dd>
        {view.requiredFields.map((spec) => (
          <div key={spec.id} className="contents">
            <dt className="text-gray-11">{pick(lng, spec.name_en, spec.name_ar)}</dt>
            <dd>
              <FieldValue type={spec.field_type} value={view.fields[spec.field_name]} />
            </dd>
          </div>
        ))}
        <dt className="text-gray-11">{t("wizard.documents")}</dt>
        <dd>
          <ul>
            {view.attachments.map((attachment) => (
              <li key={attachment.id}>
                <bdi>{attachment.original_name}</bdi>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <TextareaField
        id="requestMessage"
        name="requestMessage"
        label={t("wizard.requestMessage")}
        defaultValue={view.requestMessage}
      />
      <CheckboxField
        name="securePlusEnabled"
        label={t("wizard.securePlus")}
        hint={t("wizard.securePlusHint")}
        defaultChecked={view.securePlusEnabled}
      />
      <div className="mt-4 flex items-center justify-between gap-3">
        <ButtonLink to={stepUrl(3)} variant="outline">
          {t("wizard.back")}
        </ButtonLink>{" "}
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("wizard.submit")}
        </Button>
      </div>
    </Form>
  );
}
