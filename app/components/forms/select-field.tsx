import type { FieldMetadata } from "@conform-to/react";
import { selectProps } from "~/components/forms/conform";
import { useTranslation } from "~/platform/i18n/react";

interface Option {
  id: number | string;
  label: string;
}

/** A labelled select of a conform form, with its translated error beneath it; `placeholder` offers "none". */
export function SelectField<Schema extends Record<string, unknown>>({
  field,
  label,
  options,
  placeholder,
  className = "",
  dir,
}: {
  field: FieldMetadata<unknown, Schema, string[]>;
  label: string;
  options: Option[];
  placeholder?: string;
  className?: string;
  dir?: "ltr";
}) {
  const { t } = useTranslation();
  const { props, errors, errorId } = selectProps(field);
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={props.id} className="text-sm font-medium">
        {label}
      </label>{" "}
      <select {...props} className="w-full min-w-0 rounded-md border border-gray-7 bg-white px-3 py-2" dir={dir}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {errors ? (
        <p id={errorId} className="text-sm text-red-11">
          {t(errors[0])}
        </p>
      ) : null}
    </div>
  );
}
