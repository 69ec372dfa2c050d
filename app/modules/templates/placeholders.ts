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
/** `{{field.purpose?}}`: the template says this one may print nothing. */
const OPTIONAL = "?";
/** How the messages show an optional placeholder. */
export const OPTIONAL_EXAMPLE = "{{field.purpose?}}";
const nameOf = (written: string) => (written.endsWith(OPTIONAL) ? written.slice(0, -1).trim() : written);

/** The placeholders a text uses, in order, by name (an optional one without its `?`). */
export const placeholdersIn = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => nameOf(match[1]));

/** The placeholders a text needs filled: every one not marked optional. */
export const requiredPlaceholdersIn = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].filter((match) => !match[1].endsWith(OPTIONAL)).map((match) => match[1]);

/** What is wrong with a text's placeholders: a brace left open or stray, or names no request can fill. */
export function placeholderProblems(text: string, fieldNames: readonly string[]) {
  const allowed = new Set<string>([...FIXED_PLACEHOLDERS, ...fieldNames.map(fieldPlaceholder)]);
  const unknown = [...new Set(placeholdersIn(text).filter((name) => !allowed.has(name)))];
  const rest = text.replace(PLACEHOLDER, "");
  return { unknown, broken: rest.includes("{{") || rest.includes("}}") };
}

/**
 * The placeholders of these texts that would print empty and are not marked optional, in order, once each: a
 * document that would print "(national ID )" is refused by name instead (docs/architecture.md §20).
 */
export function emptyPlaceholders(texts: readonly string[], values: Readonly<Record<string, string>>) {
  const names = texts.flatMap(requiredPlaceholdersIn).filter((name) => !(values[name] ?? "").trim());
  return [...new Set(names)];
}

/**
 * The text with each placeholder replaced by its value, isolated (`isolate`: FSI ... PDI, as `<bdi>` does) so that
 * a code, an email or a Latin name inside Arabic keeps its order; an optional one that is empty leaves nothing.
 */
export const fillPlaceholders = (
  text: string,
  values: Readonly<Record<string, string>>,
  isolate: (value: string) => string = (value) => value,
) =>
  text.replace(PLACEHOLDER, (_, written: string) => {
    const value = values[nameOf(written)] ?? "";
    return value ? isolate(value) : "";
  });
