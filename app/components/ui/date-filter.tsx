import { useTranslation } from "~/platform/i18n/react";
import { Field } from "./field";

/** A list's date filter (a GET form's field): a date picker where there is one, a day typed day first elsewhere. */
export function DateFilter({ name, label, value }: { name: string; label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Field
      id={name}
      name={name}
      type="date"
      label={label}
      defaultValue={value}
      title={t("validation.dateFormatHint")}
      placeholder="30/06/2024"
    />
  );
}
