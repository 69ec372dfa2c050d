import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { FormErrors } from "~/components/forms/form-errors";
import { PublicCard } from "~/components/layout/public-shell";
import { Button } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { getDb } from "~/platform/db/db.server";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { resetPassword } from "~/modules/auth/password-reset.server";
import { knownBrowserHeader } from "~/modules/auth/sign-in-limits.server";
import { findUserById } from "~/modules/users/queries.server";
import { resetPasswordSchema } from "~/modules/auth/schema";
import { accountTokenOf } from "~/modules/auth/tokens.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/platform/http/body.server";
import { guestPost } from "./guest-post.server";

const PASSWORD_FIELDS = ["password", "confirmPassword"];

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "account:signIn");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await accountTokenOf(getDb(), token);
  return data(
    { token: usable ? token : null, invitation: usable?.purpose === "INVITE" },
    { status: usable ? 200 : 404 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const ip = await guestPost(context);
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: PASSWORD_FIELDS });
  const reset = await resetPassword(getDb(), submission.value.token, submission.value.password, ip);
  if (!reset.ok) return replyRefused(reset, submission, { hideFields: PASSWORD_FIELDS });
  // The browser that used the mailed link is the owner's: it signs in even while others guess the password.
  const user = await findUserById(getDb(), reset.userId);
  return redirectWithToast(
    href("/login"),
    { kind: "success", message: "auth.reset.done" },
    user ? { headers: { "Set-Cookie": await knownBrowserHeader(user.email) } } : undefined,
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(resetPasswordSchema, {
    lastResult: actionData,
  });
  const title = t(loaderData.invitation ? "auth.reset.invitationTitle" : "auth.reset.title");
  return (
    <PublicCard title={title}>
      {loaderData.token === null ? (
        <Callout tone="error">{t("auth.reset.invalidLink")}</Callout>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <FormErrors errors={form.errors} id={form.errorId} />
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {t("auth.reset.submit")}
          </Button>
        </Form>
      )}
      <p className="mt-4 text-sm">
        <Link to={href("/forgot-password")} className="text-accent-11 underline">
          {t("auth.reset.askAgain")}
        </Link>
      </p>
    </PublicCard>
  );
}
