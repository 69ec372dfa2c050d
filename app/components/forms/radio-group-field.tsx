import type { FieldMetadata } from "@conform-to/react";
import { radioProps } from "~/components/forms/conform";
import { useTranslation } from "~/platform/i18n/react";

/** One choice among a few, as radio buttons under a legend, with its translated error or its hint. */
export function RadioGroupField({
  field,
  legend,
  options,
  hint,
}: {
  field: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  legend: string;
  options: { value: string; label: string }[];
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4 py-2">
        {options.map((option) => {
          const radio = radioProps(field, option.value);
          return (
            <label key={option.value} className="flex items-center gap-2">
              <input {...radio} id={`${field.id}-${option.value}`} />
              {option.label}
            </label>
          );
        })}
      </div>
      {field.errors ? <p className="text-sm text-red-11">{t(field.errors[0])}</p> : null}
      {hint ? <p className="text-xs text-gray-11">{hint}</p> : null}
    </fieldset>
  );
}
