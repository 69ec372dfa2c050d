import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { inputProps } from "./conform";

type Bilingual = { english?: string; arabic?: string };

/**
 * A value staff type in both languages (docs/architecture.md §9): its English input, left to right, then its
 * Arabic one, right to left, each marked with its language.
 */
export function BilingualFields({
  field,
  english,
  arabic,
  autoComplete,
}: {
  field: FieldMetadata<Bilingual | undefined, Record<string, unknown>, string[]>;
  english: string;
  arabic: string;
  autoComplete?: string;
}) {
  const parts = field.getFieldset();
  return (
    <>
      <Field label={english} dir="ltr" lang="en" autoComplete={autoComplete} {...inputProps(parts.english, "text")} />
      <Field label={arabic} dir="rtl" lang="ar" autoComplete={autoComplete} {...inputProps(parts.arabic, "text")} />
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
