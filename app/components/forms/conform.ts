import { useForm, type FieldMetadata } from "@conform-to/react";

type InputType =
  | "checkbox"
  | "color"
  | "date"
  | "datetime-local"
  | "email"
  | "file"
  | "hidden"
  | "month"
  | "number"
  | "password"
  | "radio"
  | "range"
  | "search"
  | "tel"
  | "text"
  | "time"
  | "url"
  | "week";

/**
 * What conform's getInputProps, getTextareaProps and getSelectProps give a field, from six reads of it. conform's
 * helpers read a field some sixteen times, and each read builds the field's whole metadata again (a Proxy of getters
 * and a copy of the form's subscriptions): 5.6% of the sign-in page's CPU (docs/decisions/0021). No form of ours
 * gives conform constraints (the server validates: docs/architecture.md §11), so the constraint attributes those
 * helpers would add (`required`, `minLength`, `pattern`...) are always absent. `conform.test.tsx` compares both.
 */
function controlOf<T>(field: FieldMetadata<T>) {
  const errors = field.errors as string[] | undefined;
  const errorId = field.errorId;
  const control: Control = { id: field.id, name: field.name, form: field.formId };
  if (errors !== undefined) {
    control["aria-invalid"] = true;
    control["aria-describedby"] = errorId;
  }
  return { control, errors, errorId, initialValue: field.initialValue as unknown };
}

interface Control {
  id: string;
  name: string;
  form: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  defaultValue?: string | string[];
}

/** An input's props, its errors (translation keys) and its error id. */
export function inputProps<T>(field: FieldMetadata<T>, type: Exclude<InputType, "checkbox" | "radio">) {
  const { control, errors, errorId, initialValue } = controlOf(field);
  const props: Control & { type: string } = { ...control, type };
  if (typeof initialValue === "string") props.defaultValue = initialValue;
  return { ...props, errors, errorId };
}

/** A checkbox's props: its name and whether it starts checked. */
export function checkboxProps<T>(field: FieldMetadata<T>) {
  const { control, errors, errorId, initialValue } = controlOf(field);
  const defaultChecked = Array.isArray(initialValue) ? initialValue.includes(undefined) : initialValue === "on";
  const props = { ...control, type: "checkbox", value: "on", defaultChecked };
  return { ...props, errors, errorId };
}

/** One radio button of a field: its value, and whether it starts checked. */
export function radioProps<T>(field: FieldMetadata<T>, value: string) {
  const { control, initialValue } = controlOf(field);
  const defaultChecked = Array.isArray(initialValue) ? initialValue.includes(value) : initialValue === value;
  return { ...control, type: "radio", value, defaultChecked };
}

/** The same for a textarea: its props, errors and error id. */
export function textareaProps<T>(field: FieldMetadata<T>) {
  const { control, errors, errorId, initialValue } = controlOf(field);
  const props: Control = { ...control };
  if (initialValue !== undefined && initialValue !== null) props.defaultValue = String(initialValue);
  return { ...props, errors, errorId };
}

/** A select's props. */
export function selectProps<T>(field: FieldMetadata<T>) {
  const { control, errors, errorId, initialValue } = controlOf(field);
  const props: Control = { ...control };
  if (Array.isArray(initialValue)) props.defaultValue = initialValue.map((item) => `${item ?? ""}`);
  else if (initialValue !== undefined && initialValue !== null) props.defaultValue = String(initialValue);
  return { props, errors, errorId };
}

/**
 * A form the server alone validates (docs/architecture.md §11, weight): conform's field props and the server's
 * answer (`lastResult`), without the zod schema in the page's script. For short forms, where a message after the post
 * costs the user nothing and zod would cost every visitor 26 KB; `useZodForm` (zod-form.ts) validates as one types.
 */
export function useServerForm<Shape extends Record<string, unknown>>(
  options: Omit<Parameters<typeof useForm<Shape>>[0], "onValidate"> = {},
) {
  return useForm<Shape>({ shouldValidate: "onSubmit", ...options });
}
