import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { FullNameFields } from "~/components/forms/bilingual-fields";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { href } from "react-router";
import { PublicCard, PublicForm, CardLink } from "~/components/layout/public-shell";
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
  const [form, fields] = useZodForm(registerSchema, {
    lastResult: actionData,
  });

  return (
    <PublicCard title={t("auth.register.title")} wide>
      <PublicForm form={form} submit={t("auth.register.submit")} className="gap-6">
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
      </PublicForm>
      <CardLink to={href("/login")} label={t("auth.register.loginLink")} lead={t("auth.register.haveAccount")} />
    </PublicCard>
  );
}
