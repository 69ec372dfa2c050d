import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid } from "~/platform/forms/reply.server";
import { idOf } from "~/platform/db/values";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { RequiredFieldInputs } from "~/components/requests/required-field-inputs";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { requiredFieldsOf } from "~/modules/catalogue/queries.server";
import { fieldValuesOf } from "~/modules/requests/queries.server";
import { beneficiaryEditSchema } from "~/modules/requests/schema";
import { findRequestForStaff } from "~/modules/requests/staff-queries.server";
import { editRequestByStaff } from "~/modules/requests/service.server";
import { requestListFrom, requestListOf } from "~/modules/requests/return-to.server";
import { withBack } from "~/utils/back-link";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { fieldsSchema } from "~/modules/wizard/schema";
import type { Route } from "./+types/staff-request-edit";
import { readForm } from "~/platform/http/body.server";

const schemaFor = (specs: Parameters<typeof fieldsSchema>[0]) =>
  fieldsSchema(specs).extend(beneficiaryEditSchema.shape);

/** Request edit (docs/product.md, Who uses it): staff correct the filled fields and the message; audited. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "request:update");
  const db = getDb();
  const found = requirePermission(principal, "request:update", await findRequestForStaff(db, idOf(params.id)));
  const area = areaOf(context)!;
  return {
    id: found.id,
    back: withBack(mustLinkTo(area, "request", { id: found.id }), requestListFrom(area, url)),
    requestMessage: found.request_message,
    requiredFields: await requiredFieldsOf(db, found.document_category_id),
    fields: Object.fromEntries(
      (await fieldValuesOf(db, found.id)).map((field) => [field.field_name, field.field_value]),
    ),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "request:update");
  const db = getDb();
  const found = requirePermission(principal, "request:update", await findRequestForStaff(db, idOf(params.id)));
  const submission = parseWithZod(await readForm(request), {
    schema: schemaFor(await requiredFieldsOf(db, found.document_category_id)),
  });
  if (submission.status !== "success") return replyInvalid(submission);
  await editRequestByStaff(
    db,
    found,
    {
      fields: submission.value.fields as Record<string, string | undefined>,
      requestMessage: submission.value.requestMessage,
    },
    principal,
  );
  // Back to the list the request was opened from; the toast links to the request.
  const area = areaOf(context)!;
  return redirectWithToast(requestListOf(area, url, found), {
    kind: "success",
    message: "staff.saved",
    params: { id: found.id },
    link: {
      href: withBack(mustLinkTo(area, "request", { id: found.id }), requestListFrom(area, url)),
      label: "toasts.requestNumber",
    },
  });
}

export default function StaffRequestEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <EditForm view={loaderData} lastResult={actionData} />;
}

function EditForm({
  view,
  lastResult,
}: {
  view: Route.ComponentProps["loaderData"];
  lastResult: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = schemaFor(view.requiredFields);
  const [form, fields] = useZodForm(schema, {
    lastResult,
    defaultValue: { fields: view.fields, requestMessage: view.requestMessage },
  });
  const title = t("staff.editTitle", { id: view.id });
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={view.back} className="text-sm text-accent-11 underline">
        {t("wizard.back")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <RequiredFieldInputs specs={view.requiredFields} fieldset={fields.fields.getFieldset() as never} />
          <div className="flex flex-col gap-1">
            <label htmlFor={fields.requestMessage.id} className="text-sm font-medium">
              {t("requests.message")}
            </label>{" "}
            <textarea
              id={fields.requestMessage.id}
              name={fields.requestMessage.name}
              defaultValue={fields.requestMessage.initialValue as string | undefined}
              rows={3}
              className="rounded-md border border-gray-7 px-3 py-2"
            />
          </div>
          <Button type="submit" className="self-start" disabled={navigation.state === "submitting"}>
            {t("staff.save")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
