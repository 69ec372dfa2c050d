import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/utils/i18n";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Translation keys from the schema. */
  errors?: string[];
  errorId?: string;
  hint?: string;
}

/** A labelled input with its translated errors beneath it. */
export function Field({ label, errors, errorId, hint, id, className = "", ...input }: FieldProps) {
  const { t } = useTranslation();
  const hasError = Boolean(errors?.length);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-12">
        {label}
      </label>
      <input
        id={id}
        className={`rounded-md border bg-white px-3 py-2 text-base text-gray-12 ${hasError ? "border-red-9" : "border-gray-7"}`}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? errorId : undefined}
        {...input}
      />
      {hint && !hasError ? <p className="text-xs text-gray-11">{hint}</p> : null}
      {hasError ? (
        <p id={errorId} className="text-sm text-red-11">
          {t(errors![0])}
        </p>
      ) : null}
    </div>
  );
}

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** Translation keys from the schema. */
  errors?: string[];
  errorId?: string;
}

/** A labelled textarea with its translated errors beneath it; text in either direction. */
export function TextareaField({ label, errors, errorId, id, className = "", ...textarea }: TextareaFieldProps) {
  const { t } = useTranslation();
  const hasError = Boolean(errors?.length);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-12">
        {label}
      </label>
      <textarea
        id={id}
        dir="auto"
        rows={3}
        className={`rounded-md border bg-white px-3 py-2 text-base text-gray-12 ${hasError ? "border-red-9" : "border-gray-7"}`}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? errorId : undefined}
        {...textarea}
      />
      {hasError ? (
        <p id={errorId} className="text-sm text-red-11">
          {t(errors![0])}
        </p>
      ) : null}
    </div>
  );
}
