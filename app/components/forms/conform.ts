import { getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";

type InputType = Parameters<typeof getInputProps>[1]["type"];

/** conform's input props without `key` (React wants keys passed directly, not spread). */
export function inputProps<T>(field: FieldMetadata<T>, type: InputType) {
  const { key: _key, ...props } = getInputProps(field, { type, ariaAttributes: true });
  return { ...props, errors: field.errors, errorId: field.errorId };
}

/** A checkbox's props: its name and whether it starts checked. */
export function checkboxProps<T>(field: FieldMetadata<T>) {
  const { key: _key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: true });
  return { ...props, errors: field.errors as string[] | undefined, errorId: field.errorId };
}

/** The same for a textarea: conform's props for the field, its errors and error id. */
export function textareaProps<T, Schema extends Record<string, unknown>, FormError>(
  field: FieldMetadata<T, Schema, FormError>,
) {
  const { key: _key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  // Our schemas' errors are translation keys.
  return { ...props, errors: field.errors as string[] | undefined, errorId: field.errorId };
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
