import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

type InputType = Parameters<typeof getInputProps>[1]["type"];

/** conform's input props without `key` (React wants keys passed directly, not spread). */
export function inputProps<T>(field: FieldMetadata<T>, type: InputType) {
  const { key: _key, ...props } = getInputProps(field, { type, ariaAttributes: true });
  return { ...props, errors: field.errors, errorId: field.errorId };
}

/** The same for a textarea: conform's props for the field, its errors and error id. */
export function textareaProps<T, Schema extends Record<string, unknown>, FormError>(
  field: FieldMetadata<T, Schema, FormError>,
) {
  const { key: _key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  // Our schemas' errors are translation keys.
  return { ...props, errors: field.errors as string[] | undefined, errorId: field.errorId };
}
