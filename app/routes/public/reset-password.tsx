import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { PublicCard, PublicForm, CardLink } from "~/components/layout/public-shell";
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

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "account:signIn");
  const token = url.searchParams.get("token") ?? "";
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
  const [form, fields] = useZodForm(resetPasswordSchema, {
    lastResult: actionData,
  });
  const title = t(loaderData.invitation ? "auth.reset.invitationTitle" : "auth.reset.title");
  return (
    <PublicCard title={title}>
      {loaderData.token === null ? (
        <Callout tone="error">{t("auth.reset.invalidLink")}</Callout>
      ) : (
        <PublicForm form={form} submit={t("auth.reset.submit")}>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        </PublicForm>
      )}
      <CardLink to={href("/forgot-password")} label={t("auth.reset.askAgain")} />
    </PublicCard>
  );
}
