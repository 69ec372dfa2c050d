import { HashText } from "~/components/ui/unbroken";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { useZodForm } from "~/components/forms/zod-form";
import { inputProps } from "~/components/forms/conform";
import { Card } from "~/components/ui/card";
import { DetailList } from "~/components/ui/detail-list";
import { Field, FileField } from "~/components/ui/field";
import { FormPage } from "~/components/ui/form-page";
import { getDb } from "~/platform/db/db.server";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { findClient } from "~/modules/organisations/queries.server";
import { PKCS12_MAX_BYTES, signingCertificateImportSchema } from "~/modules/signing/schema";
import { importSigningCertificate, signingCertificateOf } from "~/modules/signing/service.server";
import { readUpload } from "~/platform/http/body.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { useCalendar } from "~/utils/calendar";
import { formatDateTime } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/signing-certificate";

/** The client admin's own organisation, whose signing certificate this is (docs/architecture.md §20). */
async function organisationOf(context: Route.LoaderArgs["context"]) {
  const principal = requirePermission(principalOf(context), "signing:manage");
  const client = await findClient(getDb(), principal.clientId ?? -1);
  const organisation = requirePermission(principal, "signing:manage", client && { ...client, client_id: client.id });
  return { principal, organisation: { id: organisation.id, en: organisation.name_en, ar: organisation.name_ar } };
}

export async function loader({ context }: Route.LoaderArgs) {
  const { organisation } = await organisationOf(context);
  return { certificate: await signingCertificateOf(getDb(), organisation) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { principal, organisation } = await organisationOf(context);
  const upload = await readUpload(request, {
    maxFileSize: PKCS12_MAX_BYTES,
    maxFiles: 1,
    tooLarge: "signing.p12TooLarge",
  });
  if (!upload.ok) return replyRefused(upload, undefined, { field: "file" });
  const submission = parseWithZod(upload.fields, { schema: signingCertificateImportSchema });
  const file = upload.files.find((candidate) => candidate.fieldName === "file");
  if (submission.status !== "success" || !file)
    return replyInvalid(submission, file ? {} : { fieldErrors: { file: ["validation.selectFile"] } });
  const result = await importSigningCertificate(getDb(), principal, organisation, {
    bytes: file.bytes,
    password: submission.value.password,
  });
  if (!result.ok) return replyRefused(result, submission, { field: "file", hideFields: ["password"] });
  return redirectWithToast(href("/client-admin/signing-certificate"), {
    kind: "success",
    message: "signing.imported",
  });
}

export default function SigningCertificate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const calendar = useCalendar(lng);
  const { certificate } = loaderData;
  const [form, fields] = useZodForm(signingCertificateImportSchema, { lastResult: actionData });
  const fileErrors = (actionData?.error as Record<string, string[]> | undefined)?.file;
  return (
    <FormPage
      title={t("signing.title")}
      intro={t("signing.intro")}
      back={{ href: href("/client-admin/dashboard"), label: t("nav.dashboard") }}
      form={form}
      encType="multipart/form-data"
      submitLabel={t("signing.import")}
      before={
        <Card>
          <h2 className="mb-2 text-lg font-semibold">{t("signing.current")}</h2>
          <p className="mb-3">{t(certificate.imported ? "signing.isImported" : "signing.isOurs")}</p>
          <DetailList
            rows={[
              [t("signing.subject"), <DistinguishedName name={certificate.subject} />, "certificate-subject"],
              [t("signing.issuer"), <DistinguishedName name={certificate.issuer} />],
              [t("signing.validFrom"), formatDateTime(certificate.notBefore, lng, calendar)],
              [t("signing.validUntil"), formatDateTime(certificate.notAfter, lng, calendar)],
              [t("signing.fingerprint"), <HashText hash={certificate.fingerprint} className="break-normal text-sm" />],
            ]}
          />
        </Card>
      }
    >
      <FileField
        name="file"
        label={t("signing.file")}
        hint={t("signing.fileHint")}
        accept=".p12,.pfx,application/x-pkcs12"
        className="md:col-span-2"
        errors={fileErrors}
      />
      <Field label={t("signing.password")} autoComplete="off" {...inputProps(fields.password, "password")} />
    </FormPage>
  );
}

/**
 * A certificate's name as X.509 gives it ("CN=...\nO=..."), one attribute a line, each value isolated: an Arabic
 * organisation name beside a Latin one reads in order in either language.
 */
function DistinguishedName({ name }: { name: string }) {
  return (
    <ul>
      {name
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line, index) => {
          const [attribute, ...value] = line.split("=");
          return (
            <li key={index}>
              <bdi dir="ltr">{attribute}=</bdi>
              <bdi>{value.join("=")}</bdi>
            </li>
          );
        })}
    </ul>
  );
}
