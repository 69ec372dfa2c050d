import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid } from "~/platform/forms/reply.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { inputProps } from "~/components/forms/conform";
import { PublicCard, PublicForm, CardLink } from "~/components/layout/public-shell";
import { Field } from "~/components/ui/field";
import { getDb } from "~/platform/db/db.server";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { requestPasswordResetAfterAnswer } from "~/modules/auth/password-reset.server";
import { forgotPasswordSchema } from "~/modules/auth/schema";
import { hit } from "~/platform/security/rate-limit.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/forgot-password";
import { readForm } from "~/platform/http/body.server";
import { guestPost } from "./guest-post.server";

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "account:signIn");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const ip = await guestPost(context);
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  // At most three links per address per quarter of an hour for each requester (their address): others'
  // requests for someone's address do not stop that person's own link. Over that, the same answer and no
  // mail; the per-IP limit above bounds how many addresses one requester can mail.
  if (await hit(`reset:email:${submission.value.email.toLowerCase()}:${ip}`, 3, 15 * 60_000)) {
    requestPasswordResetAfterAnswer(getDb(), submission.value.email, ip);
  }
  return redirectWithToast(href("/login"), { kind: "info", message: "auth.forgot.sent" });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(forgotPasswordSchema, {
    lastResult: actionData,
  });
  return (
    <PublicCard title={t("auth.forgot.title")} intro={t("auth.forgot.intro")}>
      <PublicForm form={form} submit={t("auth.forgot.submit")}>
        <Field label={t("auth.fields.email")} autoComplete="email" dir="ltr" {...inputProps(fields.email, "email")} />
      </PublicForm>
      <CardLink to={href("/login")} label={t("auth.forgot.backToLogin")} />
    </PublicCard>
  );
}
