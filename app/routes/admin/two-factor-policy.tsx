import { data, href } from "react-router";
import { Form } from "~/components/forms/form-token";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/db/db.server";
import { ROLES } from "~/db/schema";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { readForm } from "~/platform/http/body.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { policySchema } from "~/modules/two-factor/schema";
import { requiredRoles, savePolicy } from "~/modules/two-factor/service.server";
import { useTranslation } from "~/utils/i18n";
import type { Route } from "./+types/two-factor-policy";

/** The super admin decides which roles must use two-factor sign-in. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "security:manage");
  return { required: await requiredRoles(getDb()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "security:manage");
  const form = await readForm(request);
  const parsed = policySchema.safeParse({ required: form.getAll("required") });
  if (!parsed.success) throw data({ reason: "bad-role" }, { status: 400 });
  await savePolicy(getDb(), parsed.data.required, ROLES, principal);
  return redirectWithToast(href("/super-admin/two-factor-policy"), {
    kind: "success",
    message: "twoFactor.policySaved",
  });
}

export default function TwoFactorPolicy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageTitle title={t("twoFactor.policyTitle")} />
      <h1 className="text-2xl font-bold">{t("twoFactor.policyTitle")}</h1>
      <Card>
        <p className="mb-4">{t("twoFactor.policyIntro")}</p>
        <Form method="post" className="flex flex-col gap-3">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-medium">{t("twoFactor.policyLegend")}</legend>
            {ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="required"
                  value={role}
                  defaultChecked={loaderData.required.includes(role)}
                />
                {t(`roles.${role}`)}
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
