import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { FullNameFields } from "~/components/forms/bilingual-fields";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link } from "react-router";
import { inputProps } from "~/components/forms/conform";
import { FormErrors } from "~/components/forms/form-errors";
import { Field } from "~/components/ui/field";
import { FormPage } from "~/components/ui/form-page";
import { getDb } from "~/platform/db/db.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { changePassword, saveProfile } from "~/modules/auth/service.server";
import { changePasswordSchema, profileSchema } from "~/modules/auth/schema";
import { sessionIdOf } from "~/modules/auth/session.server";
import { LANGUAGES } from "~/platform/i18n/languages";
import { enforceRateLimit } from "~/platform/security/rate-limit.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { findUserById } from "~/modules/users/queries.server";
import { env } from "~/platform/env.server";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/profile-edit";
import { readForm } from "~/platform/http/body.server";
import { ContactFields } from "~/components/forms/contact-fields";
import { RadioGroupField } from "~/components/forms/radio-group-field";
import { CALENDARS } from "~/platform/db/schema";
import { calendarFor } from "~/utils/format";

const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"];
type Domain = "profile" | "password";
const domainOf = (url: URL): Domain => (url.searchParams.get("domain") === "password" ? "password" : "profile");

/** Only one's own profile: another user's id answers 404 (docs/architecture.md §17). */
async function ownUser({ context, params }: { context: Route.LoaderArgs["context"]; params: { id: string } }) {
  const principal = requirePermission(principalOf(context), "profile:read");
  const user = String(principal.userId) === params.id ? await findUserById(getDb(), principal.userId!) : undefined;
  if (!user) throw notFound();
  return { principal, user };
}

export async function loader(args: Route.LoaderArgs) {
  const { user } = await ownUser(args);
  return {
    domain: domainOf(args.url),
    userId: user.id,
    profile: {
      firstName: { english: user.first_name_en, arabic: user.first_name_ar },
      fatherName: { english: user.father_name_en ?? "", arabic: user.father_name_ar ?? "" },
      middleName: { english: user.middle_name_en ?? "", arabic: user.middle_name_ar ?? "" },
      lastName: { english: user.last_name_en, arabic: user.last_name_ar },
      phone: user.phone ?? "",
      locale: user.locale,
      calendar: calendarFor(user.calendar, user.locale),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { principal, user } = await ownUser(args);
  const { request } = args;
  const formData = await readForm(request);
  const db = getDb();
  if (domainOf(args.url) === "password") {
    await enforceRateLimit(`password:user:${user.id}`, env.authRateLimit);
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    if (submission.status !== "success") return replyInvalid(submission, { hideFields: PASSWORD_FIELDS });
    const passwords = { current: submission.value.currentPassword, next: submission.value.password };
    const changed = await changePassword(db, principal, user.id, passwords, sessionIdOf(request));
    if (!changed.ok) return replyRefused(changed, submission, { hideFields: PASSWORD_FIELDS });
    return redirectWithToast(href("/profile"), { kind: "success", message: "profile.edit.passwordChanged" });
  }
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  await saveProfile(db, principal, user.id, submission.value);
  return redirectWithToast(href("/profile"), { kind: "success", message: "profile.edit.saved" });
}

export default function ProfileEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { domain, userId } = loaderData;
  const other = domain === "password" ? "profile" : "password";
  return (
    <div className="flex flex-col gap-3">
      {domain === "password" ? (
        <PasswordForm lastResult={actionData} />
      ) : (
        <ProfileForm lastResult={actionData} defaults={loaderData.profile} />
      )}
      <Link
        to={`${href("/user/profile/:id/edit", { id: String(userId) })}?domain=${other}`}
        className="text-sm text-accent-11 underline"
      >
        {t(`profile.edit.${other}Link`)}
      </Link>
    </div>
  );
}

type LastResult = Route.ComponentProps["actionData"];

function ProfileForm({
  lastResult,
  defaults,
}: {
  lastResult: LastResult;
  defaults: Route.ComponentProps["loaderData"]["profile"];
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(profileSchema, {
    lastResult,
    defaultValue: defaults,
  });
  return (
    <FormPage
      title={t("profile.edit.title")}
      back={{ href: href("/profile"), label: t("profile.edit.back") }}
      form={form}
    >
      <div className="md:col-span-2">
        <FormErrors errors={form.errors} id={form.errorId} />
      </div>
      <FullNameFields fields={fields} label={t} />
      <ContactFields phone={fields.phone} own />
      <RadioGroupField
        field={fields.locale}
        legend={t("profile.edit.locale")}
        options={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`) }))}
        hint={t("profile.edit.localeHint")}
      />
      <RadioGroupField
        field={fields.calendar}
        legend={t("profile.edit.calendar")}
        options={CALENDARS.map((calendar) => ({ value: calendar, label: t(`profile.calendars.${calendar}`) }))}
        hint={t("profile.edit.calendarHint")}
      />
    </FormPage>
  );
}

function PasswordForm({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(changePasswordSchema, {
    lastResult,
  });
  return (
    <FormPage
      title={t("profile.edit.passwordTitle")}
      back={{ href: href("/profile"), label: t("profile.edit.back") }}
      form={form}
    >
      <div className="md:col-span-2">
        <FormErrors errors={form.errors} id={form.errorId} />
      </div>
      <Field
        className="md:col-span-2"
        label={t("profile.edit.currentPassword")}
        autoComplete="current-password"
        {...inputProps(fields.currentPassword, "password")}
      />
      <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
      <p className="text-xs text-gray-11 md:col-span-2">{t("profile.edit.passwordHint")}</p>
    </FormPage>
  );
}
