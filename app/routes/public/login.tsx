import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { isolate } from "~/utils/format";
import { href } from "react-router";
import { Form } from "~/components/forms/form-token";
import { inputProps, useServerForm } from "~/components/forms/conform";
import { PublicCard, PublicForm, CardLink } from "~/components/layout/public-shell";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { signIn } from "~/modules/auth/service.server";
import { dashboardOf } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { loginSchema } from "~/modules/auth/schema";
import { openSession } from "~/modules/auth/open-session.server";
import { singleSignOnSettings } from "~/modules/auth/single-sign-on.server";
import { nationalIdSettings } from "~/modules/identity/national-sign-in.server";
import { countSignInAttempt, signInSucceeded } from "~/modules/auth/sign-in-limits.server";
import { mailSignInLink } from "~/modules/auth/password-reset.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { safeRedirectPath } from "~/platform/security/origin.server";
import type { Route } from "./+types/login";
import { readForm } from "~/platform/http/body.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "account:signIn");
  return {
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), ""),
    // Staff may sign in through the organisation's directory when it is set up (docs/decisions/0018).
    singleSignOn: singleSignOnSettings()?.name ?? null,
    // Beneficiaries may sign in with the national digital identity when it is set up (docs/decisions/0022).
    nationalId: nationalIdSettings()?.name ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requirePermission(principalOf(context), "account:signIn");
  const ip = context.get(clientIpContext);
  const submission = parseWithZod(await readForm(request), { schema: loginSchema });
  if (submission.status !== "success") {
    return replyInvalid(submission, { hideFields: ["password"] });
  }
  const attempt = await countSignInAttempt(request, submission.value.email, ip);
  const db = getDb();
  const result = await signIn(db, submission.value.email, submission.value.password, ip);
  if (attempt.accountUnderAttack) {
    // Someone is guessing this account's password from other browsers. A new browser gets the same answer
    // whatever the password (no oracle past the limit); with the right one, the owner is mailed a
    // single-use link that signs this browser in (docs/decisions/0014).
    if (result.ok) await mailSignInLink(db, result.user, ip);
    return redirectWithToast(href("/login"), { kind: "info", message: "auth.underAttackLinkSent" });
  }
  if (!result.ok) {
    return replyRefused(result, submission, { hideFields: ["password"] });
  }
  const next = safeRedirectPath(submission.value.redirectTo, dashboardOf(result.user.role));
  return openSession(db, request, result.user, {
    ip,
    redirectTo: next,
    headers: [await signInSucceeded(attempt, submission.value.email)],
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // Two fields: the server's message after the post is enough, and the page's script stays without zod.
  const [form, fields] = useServerForm<{ email: string; password: string }>({ lastResult: actionData });
  return (
    <PublicCard title={t("auth.login.title")}>
      <PublicForm form={form} submit={t("auth.login.submit")}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field label={t("auth.fields.email")} autoComplete="email" dir="ltr" {...inputProps(fields.email, "email")} />
        <Field
          label={t("auth.fields.password")}
          autoComplete="current-password"
          {...inputProps(fields.password, "password")}
        />
      </PublicForm>
      {loaderData.nationalId ? (
        <ProviderSignIn
          action={href("/login/national-id")}
          redirectTo={loaderData.redirectTo}
          hint={t("identity.signIn.hint")}
          label={t("identity.signIn.button", { name: isolate(loaderData.nationalId) })}
          variant="soft"
          testId="national-id-sign-in"
        />
      ) : null}
      {loaderData.singleSignOn ? (
        <ProviderSignIn
          action={href("/login/sso")}
          redirectTo={loaderData.redirectTo}
          hint={t("auth.singleSignOn.staffHint")}
          label={t("auth.singleSignOn.button", { name: isolate(loaderData.singleSignOn) })}
          variant="outline"
          testId="single-sign-on"
        />
      ) : null}
      <CardLink to={href("/forgot-password")} label={t("auth.login.forgotLink")} />
      <CardLink to={href("/register")} label={t("auth.login.registerLink")} lead={t("auth.login.noAccount")} />
    </PublicCard>
  );
}

/** A sign-in through an identity provider (the national identity, the staff directory): a post that goes there. */
function ProviderSignIn(props: {
  action: string;
  redirectTo: string;
  hint: string;
  label: string;
  variant: "soft" | "outline";
  testId: string;
}) {
  return (
    <Form method="post" action={props.action} className="mt-4 flex flex-col gap-2 border-t border-gray-6 pt-4">
      <input type="hidden" name="redirectTo" value={props.redirectTo} />
      <p className="text-sm text-gray-11">{props.hint}</p>
      <Button type="submit" variant={props.variant} data-testid={props.testId}>
        {props.label}
      </Button>
    </Form>
  );
}
