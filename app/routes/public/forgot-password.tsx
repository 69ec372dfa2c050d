import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid } from "~/platform/forms/reply.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { inputProps } from "~/components/forms/conform";
import { FormErrors } from "~/components/forms/form-errors";
import { PublicCard } from "~/components/layout/public-shell";
import { Button } from "~/components/ui/button";
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
  const navigation = useNavigation();
  const [form, fields] = useZodForm(forgotPasswordSchema, {
    lastResult: actionData,
  });
  return (
    <PublicCard title={t("auth.forgot.title")} intro={t("auth.forgot.intro")}>
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field label={t("auth.fields.email")} autoComplete="email" dir="ltr" {...inputProps(fields.email, "email")} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("auth.forgot.submit")}
        </Button>
      </Form>
      <p className="mt-4 text-sm">
        <Link to={href("/login")} className="text-accent-11 underline">
          {t("auth.forgot.backToLogin")}
        </Link>
      </p>
    </PublicCard>
  );
}
