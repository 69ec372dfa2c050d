/**
 * A template's placeholders (docs/architecture.md §21): `{{name}}` in a title or body. Shared by the editor's form
 * (checked in the browser) and the renderer.
 */
export const FIXED_PLACEHOLDERS = [
  "beneficiary.name.en",
  "beneficiary.name.ar",
  "beneficiary.nationalId",
  "category.name.en",
  "category.name.ar",
  "issueDate",
  "issueDate.hijri",
  "expiryDate",
  "expiryDate.hijri",
  "verificationCode",
] as const;

/** A request's filled field, by the field's name. */
export const fieldPlaceholder = (fieldName: string) => `field.${fieldName}`;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses, in order. */
export const placeholdersIn = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]);

/** What is wrong with a text's placeholders: a brace left open or stray, or names no request can fill. */
export function placeholderProblems(text: string, fieldNames: readonly string[]) {
  const allowed = new Set<string>([...FIXED_PLACEHOLDERS, ...fieldNames.map(fieldPlaceholder)]);
  const unknown = [...new Set(placeholdersIn(text).filter((name) => !allowed.has(name)))];
  const rest = text.replace(PLACEHOLDER, "");
  return { unknown, broken: rest.includes("{{") || rest.includes("}}") };
}

/** The text with each placeholder replaced by its value (every placeholder has one: the editor saw to it). */
export const fillPlaceholders = (text: string, values: Readonly<Record<string, string>>) =>
  text.replace(PLACEHOLDER, (_, name: string) => values[name] ?? "");
