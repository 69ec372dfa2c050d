import { z } from "zod";
import { idOf } from "~/platform/db/values";

import { fieldTypeOf, type FieldType } from "~/modules/catalogue/field-types";
import { latinDigits, userDate } from "~/utils/digit-schemas";

export interface RequiredFieldSpec {
  field_name: string;
  field_type: string;
  is_required: number;
}

const validatorFor = (type: FieldType) => {
  const text = z.string().trim().max(2000);
  switch (type) {
    case "number":
      return latinDigits(text.regex(/^-?\d+(\.\d+)?$/, "wizard.numberInvalid"));
    case "date":
      return userDate("validation.selectValidDate");
    case "email":
      return z.email({ error: "validation.invalidEmail" });
    case "phone":
      return latinDigits(text.regex(/^\+?\d{6,15}$/, "validation.phoneDigits"));
    default:
      return text;
  }
};

/** The category's required fields as a schema: inputs are named `fields.<fieldName>`. */
export function fieldsSchema(specs: RequiredFieldSpec[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const spec of specs) {
    const validator = validatorFor(fieldTypeOf(spec.field_type));
    shape[spec.field_name] = spec.is_required
      ? z.string({ error: "wizard.fieldRequired" }).trim().min(1, "wizard.fieldRequired").pipe(validator)
      : validator.optional();
  }
  return z.object({ fields: z.object(shape).default({}) });
}

export const reviewSchema = z.object({
  requestMessage: z.string().trim().max(2000).default(""),
  securePlusEnabled: z.boolean().default(false),
});

/** An id from a form: idOf's rules (docs/architecture.md §4), anything else reads as 0 and finds nothing. */
const formId = z.preprocess((value) => idOf(typeof value === "string" ? value : null), z.number());

/**
 * The wizard's posts, one intent each (the fields step's values are checked against the category's own
 * schema, fieldsSchema, once the intent is known; the review's against reviewSchema).
 */
export const wizardActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("client"), clientId: formId }),
  z.object({ intent: z.literal("category"), documentCategoryId: formId }),
  z.looseObject({ intent: z.literal("fields") }),
  z.looseObject({ intent: z.literal("submit") }),
  z.object({ intent: z.literal("discard") }),
]);

/** The documents step's multipart post: `remove:{id}` removes one document, anything else attaches the files. */
export const documentsIntentSchema = z
  .string()
  .optional()
  .transform((intent) => (intent?.startsWith("remove:") ? { remove: idOf(intent.slice("remove:".length)) } : null));
