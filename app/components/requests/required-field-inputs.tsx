import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/platform/i18n/react";
import { inputProps } from "~/components/forms/conform";
import { Field } from "~/components/ui/field";
import { fieldTypeOf } from "~/modules/catalogue/field-types";
import { pick } from "~/utils/format";

interface Spec {
  id: number;
  field_name: string;
  field_type: string;
  is_required: number;
  name_en: string;
  name_ar: string;
}

/** Inputs for a category's required fields, by field type (wizard and edit screens). */
export function RequiredFieldInputs({
  specs,
  fieldset,
}: {
  specs: Spec[];
  fieldset: Record<string, FieldMetadata<string | undefined>>;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <>
      {specs.map((spec) => {
        const meta = fieldset[spec.field_name];
        const type = fieldTypeOf(spec.field_type);
        const label = `${pick(lng, spec.name_en, spec.name_ar)} (${spec.is_required ? t("wizard.required") : t("wizard.optional")})`;
        if (type === "textarea") {
          return (
            <div key={spec.id} className="flex flex-col gap-1">
              <label htmlFor={meta.id} className="text-sm font-medium">
                {label}
              </label>{" "}
              <textarea
                id={meta.id}
                name={meta.name}
                defaultValue={meta.initialValue as string | undefined}
                rows={3}
                aria-invalid={meta.errors ? true : undefined}
                aria-describedby={meta.errors ? meta.errorId : undefined}
                className="rounded-md border border-gray-7 px-3 py-2"
              />
              {meta.errors ? (
                <p id={meta.errorId} className="text-sm text-red-11">
                  {t(meta.errors[0])}
                </p>
              ) : null}
            </div>
          );
        }
        const inputType = ({ text: "text", number: "text", date: "date", email: "email", phone: "tel" } as const)[type];
        return (
          <Field
            key={spec.id}
            label={label}
            inputMode={type === "number" || type === "phone" ? "numeric" : undefined}
            hint={type === "date" ? t("validation.dateFormatHint") : undefined}
            dir={type === "email" || type === "phone" || type === "number" ? "ltr" : undefined}
            {...inputProps(meta, inputType)}
          />
        );
      })}
    </>
  );
}
