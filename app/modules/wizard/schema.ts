import { z } from "zod";

import { fieldTypeOf, type FieldType } from "~/modules/catalogue/schema";
import { latinDigits, userDate } from "~/utils/digits";

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

export const WIZARD_STEPS = ["client", "category", "fields", "documents", "review"] as const;
