import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { checkboxProps, inputProps, textareaProps } from "~/components/forms/conform";
import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { SelectField } from "~/components/forms/select-field";
import { Callout } from "~/components/ui/callout";
import { CheckboxField, Field, TextareaField, FileField } from "~/components/ui/field";
import { FormPage } from "~/components/ui/form-page";
import { getDb } from "~/platform/db/db.server";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { attestingClients } from "~/modules/attestations/queries.server";
import { attestationCreateSchema } from "~/modules/attestations/schema";
import { DOCUMENT_MAX_BYTES } from "~/modules/files/limits";
import { createAttestation } from "~/modules/attestations/service.server";
import { readUpload } from "~/platform/http/body.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { namedOptions } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/attestation-create";

/** Ask an organisation that attests documents to attest one (docs/architecture.md §6.4): a multipart form that works without JS. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "attestation:create");
  return { clients: await attestingClients(getDb()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "attestation:create");
  const upload = await readUpload(request, {
    maxFileSize: DOCUMENT_MAX_BYTES,
    maxFiles: 1,
    tooLarge: "validation.fileSizeMax5",
  });
  // The upload was cut off at the limit: the other fields were not read, only the file is at fault.
  if (!upload.ok) return replyRefused(upload, undefined, { field: "file" });
  const submission = parseWithZod(upload.fields, { schema: attestationCreateSchema });
  const file = upload.files.find((candidate) => candidate.fieldName === "file");
  if (submission.status !== "success" || !file) {
    return replyInvalid(submission, file ? {} : { fieldErrors: { file: ["validation.selectFile"] } });
  }
  const result = await createAttestation(getDb(), { beneficiary: principal, ...submission.value, file });
  if (!result.ok) return replyRefused(result, submission);
  return redirectWithToast(href("/beneficiary/attestations/:id", { id: String(result.id) }), {
    kind: "success",
    message: "attestations.sent",
  });
}

export default function AttestationCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [form, fields] = useZodForm(attestationCreateSchema, {
    lastResult: actionData,
  });
  const fileErrors = actionData?.error?.file ?? undefined;
  return (
    <FormPage
      title={t("attestations.createTitle")}
      intro={t("attestations.intro")}
      back={{ href: href("/beneficiary/attestations"), label: t("attestations.back") }}
      form={form}
      encType="multipart/form-data"
      submitLabel={t("attestations.submit")}
    >
      {loaderData.clients.length === 0 ? (
        <div className="md:col-span-2">
          <Callout tone="info">{t("attestations.noAttestingClients")}</Callout>
        </div>
      ) : null}
      <SelectField
        field={fields.clientId}
        label={t("attestations.client")}
        placeholder={t("attestations.chooseClient")}
        options={namedOptions(lng, loaderData.clients)}
      />
      <Field
        label={t("attestations.documentName")}
        hint={t("attestations.documentNameHint")}
        dir="auto"
        {...inputProps(fields.documentName, "text")}
      />
      <TextareaField
        label={t("attestations.description")}
        className="md:col-span-2"
        {...textareaProps(fields.description)}
      />
      <FileField
        name="file"
        label={t("attestations.file")}
        accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
        className="md:col-span-2"
        errors={fileErrors}
      />
      <CheckboxField
        label={t("attestations.securePlus")}
        hint={t("wizard.securePlusHint")}
        className="md:col-span-2"
        {...checkboxProps(fields.securePlusEnabled)}
      />
    </FormPage>
  );
}
