import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { FullNameFields } from "~/components/forms/bilingual-fields";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { Link, useNavigation, href } from "react-router";
import { Form } from "~/components/forms/form-token";
import { FormErrors } from "~/components/forms/form-errors";
import { PublicCard } from "~/components/layout/public-shell";
import { Button } from "~/components/ui/button";
import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { dashboardOf } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { registerSchema } from "~/modules/auth/schema";
import { registerBeneficiary } from "~/modules/auth/service.server";
import { createUserSession } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import type { Route } from "./+types/register";
import { readForm } from "~/platform/http/body.server";
import { ContactFields } from "~/components/forms/contact-fields";
import { guestPost } from "./guest-post.server";

const PASSWORD_FIELDS = ["password", "confirmPassword"];

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "account:signIn");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const ip = await guestPost(context);
  const submission = parseWithZod(await readForm(request), { schema: registerSchema });
  if (submission.status !== "success") {
    return replyInvalid(submission, { hideFields: PASSWORD_FIELDS });
  }
  const db = getDb();
  const result = await registerBeneficiary(db, submission.value, ip, getLocale(context));
  if (!result.ok) {
    return replyRefused(result, submission, { hideFields: PASSWORD_FIELDS });
  }
  const cookie = await createUserSession(db, result.userId, { ip, userAgent: request.headers.get("User-Agent") });
  return redirectWithToast(
    dashboardOf("BENEFICIARY"),
    { kind: "success", message: "auth.register.success" },
    { headers: { "Set-Cookie": cookie } },
  );
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(registerSchema, {
    lastResult: actionData,
  });

  return (
    <PublicCard title={t("auth.register.title")} wide>
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-6">
        <FormErrors errors={form.errors} id={form.errorId} />
        <fieldset className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("auth.register.names")}</legend>
          <FullNameFields fields={fields} label={t} />
        </fieldset>
        <fieldset className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("auth.register.contact")}</legend>
          <ContactFields email={fields.email} phone={fields.phone} nin={fields.nin} own />
        </fieldset>
        <fieldset className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("auth.register.security")}</legend>
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            label="auth.fields.password"
          />
        </fieldset>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("auth.register.submit")}
        </Button>
      </Form>
      <p className="mt-4 text-sm text-gray-11">
        {t("auth.register.haveAccount")}{" "}
        <Link to={href("/login")} className="text-accent-11 underline">
          {t("auth.register.loginLink")}
        </Link>
      </p>
    </PublicCard>
  );
}
