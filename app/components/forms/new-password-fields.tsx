import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/platform/i18n/react";
import { inputProps } from "./conform";

/** A new password and its confirmation (the schemas' withConfirmedPassword): register, reset, change. */
export function NewPasswordFields({
  password,
  confirmPassword,
  label = "auth.fields.newPassword",
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  /** The first field's label: "New password", or "Password" where there was none before. */
  label?: "auth.fields.newPassword" | "auth.fields.password";
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t(label)} autoComplete="new-password" {...inputProps(password, "password")} />
      <Field
        label={t("auth.fields.confirmPassword")}
        autoComplete="new-password"
        {...inputProps(confirmPassword, "password")}
      />
    </>
  );
}
