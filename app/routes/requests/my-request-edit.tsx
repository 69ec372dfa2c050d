import { documentsRefusal, postsFiles, readSupportingDocuments } from "~/modules/requests/supporting-upload.server";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { type Refused } from "~/platform/outcome";
import { useZodForm } from "~/components/forms/zod-form";
import { idOf } from "~/platform/db/values";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { Link, useNavigation, href } from "react-router";
import { Form } from "~/components/forms/form-token";
import { textareaProps } from "~/components/forms/conform";
import { RequiredFieldInputs } from "~/components/requests/required-field-inputs";
import { TextareaField } from "~/components/ui/field";
import { SupportingDocumentInput } from "~/components/requests/supporting-document-input";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { readForm } from "~/platform/http/body.server";
import { editPendingRequest, replacePendingRequestDocuments } from "~/modules/requests/service.server";
import { beneficiaryRequestView } from "~/modules/requests/views.server";
import { beneficiaryEditSchema } from "~/modules/requests/schema";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { fieldsSchema } from "~/modules/wizard/schema";
import type { Route } from "./+types/my-request-edit";

async function load(params: { id: string }, userId: number) {
  const id = idOf(params.id);
  const view = Number.isInteger(id) ? await beneficiaryRequestView(getDb(), id, userId) : null;
  if (!view) throw notFound();
  return view;
}

const schemaFor = (specs: Parameters<typeof fieldsSchema>[0]) =>
  fieldsSchema(specs).extend(beneficiaryEditSchema.shape);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { user } = requirePermission(principalOf(context), "request:submit");
  const view = await load(params, user.id);
  return {
    id: view.request.id,
    status: view.request.status,
    requestMessage: view.request.request_message,
    requiredFields: view.requiredFields,
    supportingTypes: view.supportingTypes,
    attachments: view.attachments,
    fields: Object.fromEntries(view.fieldValues.map((field) => [field.field_name, field.field_value])),
  };
}

/** While PENDING: the fields, the message and the supporting documents can change (docs/architecture.md §6.1). */
/** The documents form's answer to a refusal: each message under its type, and the form's own (none chosen, too large). */
const documentsAnswer = (_: unknown, refusal: Refused) => {
  const { byType, formError } = documentsRefusal(refusal);
  return { documents: byType, documentsError: formError };
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const { user } = requirePermission(principalOf(context), "request:submit");
  const view = await load(params, user.id);
  if (postsFiles(request)) {
    const upload = await readSupportingDocuments(request);
    if (!upload.ok) return replyRefused(upload, undefined, { wrap: documentsAnswer });
    const result = await replacePendingRequestDocuments(
      getDb(),
      view.request.id,
      user.id,
      upload.files,
      context.get(clientIpContext),
    );
    if (!result.ok) return replyRefused(result, undefined, { wrap: documentsAnswer });
    return redirectWithToast(href("/beneficiary/request-document/:id", { id: String(view.request.id) }), {
      kind: "success",
      message: "requests.saved",
    });
  }
  const submission = parseWithZod(await readForm(request), { schema: schemaFor(view.requiredFields) });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await editPendingRequest(
    getDb(),
    view.request.id,
    user.id,
    {
      fields: submission.value.fields as Record<string, string | undefined>,
      requestMessage: submission.value.requestMessage,
    },
    context.get(clientIpContext),
  );
  if (!result.ok) return replyRefused(result, submission);
  return redirectWithToast(href("/beneficiary/request-document/:id", { id: String(view.request.id) }), {
    kind: "success",
    message: "requests.saved",
  });
}

type DocumentsResult = { documents: Record<string, string>; documentsError?: string };

export default function MyRequestEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = schemaFor(loaderData.requiredFields);
  const documentsResult = actionData && "documents" in actionData ? (actionData as DocumentsResult) : undefined;
  const [form, fields] = useZodForm(schema, {
    lastResult: documentsResult ? undefined : (actionData as SubmissionResult<string[]>),
    defaultValue: { fields: loaderData.fields, requestMessage: loaderData.requestMessage },
  });
  const title = t("requests.editTitle", { id: loaderData.id });
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={title} />
      <Link
        to={href("/beneficiary/request-document/:id", { id: String(loaderData.id) })}
        className="text-sm text-accent-11 underline"
      >
        {t("wizard.back")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      {loaderData.status !== "PENDING" ? (
        <Callout tone="warning">{t("requests.editOnlyPending", { status: t(`status.${loaderData.status}`) })}</Callout>
      ) : (
        <Card>
          <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
            {form.errors ? <Callout tone="error">{t("requests.editOnlyPending", { status: "" })}</Callout> : null}
            <RequiredFieldInputs specs={loaderData.requiredFields} fieldset={fields.fields.getFieldset() as never} />
            <TextareaField label={t("wizard.requestMessage")} {...textareaProps(fields.requestMessage)} />
            <Button type="submit" className="self-start" disabled={navigation.state === "submitting"}>
              {t("requests.save")}
            </Button>
          </Form>
        </Card>
      )}
      {loaderData.status === "PENDING" && loaderData.supportingTypes.length ? (
        <Card>
          <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-4">
            <h2 className="text-lg font-semibold">{t("wizard.documents")}</h2>
            <p className="text-sm text-gray-11">{t("wizard.allowedFiles")}</p>
            {documentsResult?.documentsError ? <FormErrors errors={[documentsResult.documentsError]} /> : null}
            {loaderData.supportingTypes.map((type) => (
              <SupportingDocumentInput
                key={type.id}
                type={type}
                attachedName={
                  loaderData.attachments.find((attachment) => attachment.supporting_document_type_id === type.id)
                    ?.original_name
                }
                error={documentsResult?.documents[type.id]}
              />
            ))}
            <Button type="submit" className="self-start" disabled={navigation.state === "submitting"}>
              {t("requests.save")}
            </Button>
          </Form>
        </Card>
      ) : null}
    </div>
  );
}
