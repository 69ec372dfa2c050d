import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/platform/i18n/react";
import { inputProps } from "./conform";

type Text = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/**
 * A person's email, phone and national id, whichever the form asks, left to right in either language. `own`:
 * the person types their own (the browser may fill them in); otherwise staff type someone else's.
 */
export function ContactFields({ email, phone, nin, own }: { email?: Text; phone?: Text; nin?: Text; own: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {email ? (
        <Field
          label={t("auth.fields.email")}
          dir="ltr"
          autoComplete={own ? "email" : "off"}
          {...inputProps(email, "email")}
        />
      ) : null}
      {phone ? (
        <Field
          label={t("auth.fields.phone")}
          dir="ltr"
          inputMode="tel"
          autoComplete={own ? "tel" : "off"}
          {...inputProps(phone, "tel")}
        />
      ) : null}
      {nin ? (
        <Field
          label={t("auth.fields.nin")}
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          {...inputProps(nin, "text")}
        />
      ) : null}
    </>
  );
}
