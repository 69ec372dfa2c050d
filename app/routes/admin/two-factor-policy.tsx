import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid } from "~/platform/forms/reply.server";
import { getCollectionProps, getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { Form } from "~/components/forms/form-token";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { ROLES } from "~/platform/db/schema";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { policySchema } from "~/modules/two-factor/schema";
import { requiredRoles, savePolicy } from "~/modules/two-factor/service.server";
import { readForm } from "~/platform/http/body.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/two-factor-policy";

/** The super admin decides which roles must use two-factor sign-in. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "security:manage");
  return { required: await requiredRoles(getDb()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "security:manage");
  const submission = parseWithZod(await readForm(request), { schema: policySchema });
  if (submission.status !== "success") return replyInvalid(submission);
  await savePolicy(getDb(), submission.value.required, ROLES, principal);
  return redirectWithToast(href("/super-admin/two-factor-policy"), {
    kind: "success",
    message: "twoFactor.policySaved",
  });
}

export default function TwoFactorPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(policySchema, {
    lastResult: actionData,
    defaultValue: { required: loaderData.required },
  });
  const choices = getCollectionProps(fields.required, { type: "checkbox", options: [...ROLES] });
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageTitle title={t("twoFactor.policyTitle")} />
      <h1 className="text-2xl font-bold">{t("twoFactor.policyTitle")}</h1>
      <Card>
        <p className="mb-4">{t("twoFactor.policyIntro")}</p>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <FormErrors errors={Object.values(fields.required.allErrors).flat()} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-medium">{t("twoFactor.policyLegend")}</legend>
            {choices.map(({ key, ...props }) => (
              <label key={key} className="flex items-center gap-2">
                <input {...props} />
                {t(`roles.${props.value}`)}
              </label>
            ))}
          </fieldset>
          <Button type="submit" className="self-start">
            {t("twoFactor.policySave")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
