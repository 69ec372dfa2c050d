import { getInputProps, getTextareaProps, useForm, type FieldMetadata, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z, ZodType } from "zod";

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

type FormOptions<Shape extends Record<string, unknown>, Output> = Omit<
  Parameters<typeof useForm<Shape, Output>>[0],
  "onValidate"
>;

/**
 * The one way a form is set up in the browser (docs/architecture.md §4): conform, validating with the same zod
 * schema the server parses with, first on blur and then on every input. `Shape`, the fields' types, is the
 * schema's input unless a form whose schema varies names it.
 */
export function useZodForm<
  Schema extends ZodType<unknown, Record<string, unknown>>,
  Shape extends Record<string, unknown> = z.input<Schema>,
>(schema: Schema, options: FormOptions<NoInfer<Shape>, z.output<Schema>> = {}) {
  return useForm<Shape, z.output<Schema>>({
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    ...options,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema }) as unknown as Submission<Shape, string[], z.output<Schema>>,
  });
}
