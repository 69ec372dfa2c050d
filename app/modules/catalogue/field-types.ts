/**
 * A required field's types, apart from the schemas (no zod): pages that only show or render fields read these, and
 * would otherwise download zod with them (docs/decisions/0020).
 */
export const FIELD_TYPES = ["text", "textarea", "number", "date", "email", "phone"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** Any other stored field type renders (and validates) as text. */
export const fieldTypeOf = (type: string): FieldType =>
  (FIELD_TYPES as readonly string[]).includes(type) ? (type as FieldType) : "text";
