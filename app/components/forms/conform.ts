import { getInputProps, type FieldMetadata } from "@conform-to/react";

type InputType = Parameters<typeof getInputProps>[1]["type"];

/** conform's input props without `key` (React wants keys passed directly, not spread). */
export function inputProps<T>(field: FieldMetadata<T>, type: InputType) {
  const { key: _key, ...props } = getInputProps(field, { type, ariaAttributes: true });
  return { ...props, errors: field.errors, errorId: field.errorId };
}
