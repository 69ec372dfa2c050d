import { translateMessage } from "~/platform/forms/messages";
import type { FieldMetadata } from "@conform-to/react";
import { Field, TextareaField } from "~/components/ui/field";
import { inputProps, textareaProps } from "./conform";
import { useTranslation } from "~/platform/i18n/react";

type Bilingual = { english?: string; arabic?: string };

const LANGUAGES = [
  { part: "english", lang: "en", dir: "ltr" },
  { part: "arabic", lang: "ar", dir: "rtl" },
] as const;

/**
 * A value staff type in both languages (docs/architecture.md §9): its English input, left to right, then its
 * Arabic one, right to left, each marked with its language; a textarea of `rows` lines for a longer text.
 */
export function BilingualFields({
  field,
  english,
  arabic,
  autoComplete,
  rows,
  hint,
}: {
  field: FieldMetadata<Bilingual | undefined, Record<string, unknown>, string[]>;
  english: string;
  arabic: string;
  autoComplete?: string;
  rows?: number;
  /** Said beneath the pair (for example that one language is enough), unless the pair has an error. */
  hint?: string;
}) {
  const { t } = useTranslation();
  const parts = field.getFieldset();
  const labels = { english, arabic };
  const controls = LANGUAGES.map(({ part, lang, dir }) => {
    const marked = { label: labels[part], dir, lang };
    return rows ? (
      <TextareaField key={part} {...marked} rows={rows} {...textareaProps(parts[part])} />
    ) : (
      <Field key={part} {...marked} autoComplete={autoComplete} {...inputProps(parts[part], "text")} />
    );
  });
  // An error of the pair itself (neither language given) belongs to neither input.
  const pairError = field.errors?.[0];
  return (
    <>
      {controls}
      {pairError || hint ? (
        <p id={field.errorId} className={`text-sm md:col-span-2 ${pairError ? "text-red-11" : "text-gray-11"}`}>
          {pairError ? translateMessage(t, pairError) : hint}
        </p>
      ) : null}
    </>
  );
}

type NameField = FieldMetadata<Bilingual | undefined, Record<string, unknown>, string[]>;

/** A person's four names (the middle one optional), each in both languages: registration and the profile. */
export function FullNameFields({
  fields,
  label,
}: {
  fields: { firstName: NameField; fatherName: NameField; middleName: NameField; lastName: NameField };
  label: (key: string) => string;
}) {
  return (["firstName", "fatherName", "middleName", "lastName"] as const).map((name) => (
    <BilingualFields
      key={name}
      field={fields[name]}
      english={label(`auth.fields.${name}English`)}
      arabic={label(`auth.fields.${name}Arabic`)}
    />
  ));
}
