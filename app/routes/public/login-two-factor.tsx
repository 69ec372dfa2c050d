import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { inputProps } from "~/components/forms/conform";
import { PublicCard, PublicForm, CardLink } from "~/components/layout/public-shell";
import { Field } from "~/components/ui/field";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { createUserSession, destroyUserSession } from "~/modules/auth/session.server";
import { readForm } from "~/platform/http/body.server";
import { clearPendingSignInHeader, completePendingSignIn, pendingSignInOf } from "~/modules/two-factor/pending.server";
import { secondFactorSchema } from "~/modules/two-factor/schema";
import { checkSecondFactor } from "~/modules/two-factor/service.server";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/login-two-factor";

/** Its 429 keeps its Retry-After. */
export { keepStatusHeaders as headers } from "~/platform/http/route-headers";

/** The second step of signing in: a code of the authenticator app, or a recovery code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "account:signIn");
  if (!(await pendingSignInOf(getDb(), request))) throw redirect(href("/login"));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requirePermission(principalOf(context), "account:signIn");
  const db = getDb();
  const pending = await pendingSignInOf(db, request);
  if (!pending) throw redirect(href("/login"));
  const submission = parseWithZod(await readForm(request), { schema: secondFactorSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: ["code"] });
  const result = await checkSecondFactor(db, pending.userId, submission.value.code);
  if (!result.ok) return replyRefused(result, submission, { hideFields: ["code"] });
  // Used once: a second post of the same cookie (a replay) goes back to the sign-in page.
  if (!(await completePendingSignIn(db, pending)))
    throw redirect(href("/login"), { headers: { "Set-Cookie": await clearPendingSignInHeader() } });
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(db, request));
  headers.append(
    "Set-Cookie",
    await createUserSession(db, pending.userId, {
      ip: context.get(clientIpContext),
      userAgent: request.headers.get("User-Agent"),
    }),
  );
  headers.append("Set-Cookie", await clearPendingSignInHeader());
  return redirect(pending.redirectTo, { headers });
}

export default function LoginTwoFactor({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(secondFactorSchema, {
    lastResult: actionData,
  });
  return (
    <PublicCard title={t("twoFactor.signInTitle")} intro={t("twoFactor.signInIntro")}>
      <PublicForm form={form} submit={t("twoFactor.verify")}>
        <Field
          label={t("twoFactor.code")}
          autoComplete="one-time-code"
          inputMode="text"
          dir="ltr"
          {...inputProps(fields.code, "text")}
        />
      </PublicForm>
      <CardLink to={href("/login")} label={t("twoFactor.startAgain")} />
    </PublicCard>
  );
}
