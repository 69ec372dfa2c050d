import { useForm, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z, ZodType } from "zod";

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
