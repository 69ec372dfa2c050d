import { translateMessage } from "~/platform/forms/messages";
import type { ComponentProps, InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/react";

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
      {/* The space keeps label and field apart where no CSS lays them out (a text browser: "Email [", not "Email["). */}
      <label htmlFor={id} className="text-sm font-medium text-gray-12">
        {label}
      </label>{" "}
      {control({
        className: `rounded-md border bg-white px-3 py-2 text-base text-gray-12 ${hasError ? "border-red-9" : "border-gray-7"}`,
        "aria-invalid": hasError || undefined,
        "aria-describedby": hasError ? errorId : hint && id ? `${id}-hint` : undefined,
      })}
      {hint && !hasError ? (
        <p id={id ? `${id}-hint` : undefined} className="text-xs text-gray-11">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} className="text-sm text-red-11">
          {translateMessage(t, errors![0])}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled control of `Props` (an input's or a textarea's attributes) framed by FieldFrame. */
function labelled<Props>(
  render: (id: string | undefined, described: Record<string, unknown>, props: Props) => ReactNode,
) {
  return function LabelledField({
    label,
    errors,
    errorId,
    hint,
    id,
    className = "",
    ...props
  }: Described & Props & { id?: string; className?: string }) {
    return (
      <FieldFrame
        {...{ id, label, errors, errorId, hint, className }}
        control={(described) => render(id, described, props as Props)}
      />
    );
  };
}

/** A labelled input with its translated errors beneath it. */
export const Field = labelled<ComponentProps<"input">>((id, described, input) => (
  <input id={id} {...described} {...input} />
));

/** A labelled file input named `name` (its id too), its error beneath it as `{name}-error`. */
export function FileField({
  name,
  ...props
}: Omit<ComponentProps<typeof Field>, "type" | "id" | "errorId"> & { name: string }) {
  return <Field id={name} name={name} type="file" errorId={`${name}-error`} {...props} />;
}

/** A labelled textarea with its translated errors beneath it; text in either direction. */
export const TextareaField = labelled<ComponentProps<"textarea">>((id, described, textarea) => (
  <textarea id={id} dir="auto" rows={3} {...described} {...textarea} />
));

/** A checkbox with its label and, beneath, what choosing it means. */
export function CheckboxField({
  label,
  hint,
  className = "",
  errors,
  errorId,
  ...input
}: { label: string; hint?: string; errors?: string[]; errorId?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <label className="flex items-start gap-2">
        <input type="checkbox" className="mt-1.5" {...input} />{" "}
        <span>
          <span className="block">{label}</span>{" "}
          {hint ? <span className="block text-sm text-gray-11">{hint}</span> : null}
        </span>
      </label>
      {errors?.length ? (
        <p id={errorId} className="text-sm text-red-11">
          {translateMessage(t, errors[0])}
        </p>
      ) : null}
    </div>
  );
}
