import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/utils/i18n";

interface Described {
  label: string;
  /** Translation keys from the schema. */
  errors?: string[];
  errorId?: string;
  hint?: string;
}

/** The frame of a form control: its label, the control, then its hint or its first translated error. */
function FieldFrame({
  id,
  label,
  errors,
  errorId,
  hint,
  className,
  control,
}: Described & {
  id?: string;
  className: string;
  control: (described: { className: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const hasError = Boolean(errors?.length);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-12">
        {label}
      </label>
      {control({
        className: `rounded-md border bg-white px-3 py-2 text-base text-gray-12 ${hasError ? "border-red-9" : "border-gray-7"}`,
        "aria-invalid": hasError || undefined,
        "aria-describedby": hasError ? errorId : undefined,
      })}
      {hint && !hasError ? <p className="text-xs text-gray-11">{hint}</p> : null}
      {hasError ? (
        <p id={errorId} className="text-sm text-red-11">
          {t(errors![0])}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its translated errors beneath it. */
export function Field({
  label,
  errors,
  errorId,
  hint,
  id,
  className = "",
  ...input
}: Described & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame
      {...{ id, label, errors, errorId, hint, className }}
      control={(described) => <input id={id} {...described} {...input} />}
    />
  );
}

/** A labelled textarea with its translated errors beneath it; text in either direction. */
export function TextareaField({
  label,
  errors,
  errorId,
  hint,
  id,
  className = "",
  ...textarea
}: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame
      {...{ id, label, errors, errorId, hint, className }}
      control={(described) => <textarea id={id} dir="auto" rows={3} {...described} {...textarea} />}
    />
  );
}
