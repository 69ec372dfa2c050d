import { PERSON_NAMES } from "~/platform/db/columns";
import { z } from "zod";
import type { DB } from "~/platform/db/db.server";
import { requiredFieldsOf } from "~/modules/catalogue/queries.server";
import { placeholderProblems } from "~/modules/templates/placeholders";
import { findTemplate } from "~/modules/templates/queries.server";
import { templateGaps, type TemplateSubject } from "~/modules/templates/render.server";
import { fieldsSchema } from "~/modules/wizard/schema";
import { parseUserDate, toLatinDigits } from "~/utils/digits";
import { cleanText } from "~/utils/text";
import { EXPIRY_COLUMN, PERSON_COLUMNS, type PersonColumn } from "./columns";
import { findPeopleOf } from "./queries.server";
import type { Table } from "./read-table.server";

/** What a row says of its document, checked: kept as the job's row (JSON) until it is issued. */
export interface BulkRowData {
  nationalId: string | null;
  email: string | null;
  names: Record<"firstEn" | "fatherEn" | "lastEn" | "firstAr" | "fatherAr" | "lastAr", string | null>;
  phone: string | null;
  /** YYYY-MM-DD, or null for the category's validity period. */
  expiry: string | null;
  fields: Record<string, string>;
}

/** One problem of a file: its line (1 is the header; null: the template), its column, and a message key with values. */
export interface BulkProblem {
  row: number | null;
  column: string | null;
  key: string;
  values?: Record<string, string | number>;
}

const EMAIL = z.email().max(254);
/** A name's limit in a file, as in the forms (app/modules/auth/schema.ts). */
const NAME_MAX = 100;
const PHONE = /^\+?\d{6,15}$/;
const NAME_COLUMNS = {
  firstEn: "first_name_en",
  fatherEn: "father_name_en",
  lastEn: "last_name_en",
  firstAr: "first_name_ar",
  fatherAr: "father_name_ar",
  lastAr: "last_name_ar",
} as const;
const NAME_FIELDS = PERSON_NAMES;
type NameField = (typeof NAME_FIELDS)[number];

/** The file's column a placeholder is filled from, for the problem's column. */
const columnOfPlaceholder = (name: string) =>
  name.startsWith("field.")
    ? name
    : name === "beneficiary.nationalId"
      ? "national_id"
      : name.startsWith("beneficiary.name.")
        ? `first_name_${name.slice(-2)}`
        : name;

/** Who has no account yet needs these to get one. */
const NEW_ACCOUNT_COLUMNS = ["first_name_en", "last_name_en", "first_name_ar", "last_name_ar"] as const;

/**
 * A bulk file checked against its category (docs/architecture.md §21), without writing anything: the columns, then
 * every row (who it is for, the category's fields, the expiry date), then the template that will draw the documents.
 * Every problem names its row and column.
 */
export async function checkBulkTable(
  db: DB,
  category: { id: number; client_id: number },
  table: Table,
  today: string,
): Promise<{ rows: { line: number; data: BulkRowData }[]; problems: BulkProblem[] }> {
  const problems: BulkProblem[] = [];
  const specs = await requiredFieldsOf(db, category.id);
  const fieldNames = specs.map((spec) => spec.field_name);
  const template = await findTemplate(db, category.id);
  if (!template) problems.push({ row: null, column: null, key: "bulk.noTemplate" });
  else {
    for (const text of [template.title_en, template.title_ar, template.body_en, template.body_ar]) {
      const { unknown, broken } = placeholderProblems(text, fieldNames);
      if (unknown.length)
        problems.push({ row: null, column: null, key: "bulk.templateUnknown", values: { names: unknown.join(", ") } });
      if (broken) problems.push({ row: null, column: null, key: "bulk.templateBroken" });
    }
  }

  // A template that cannot be filled is one problem for the file, not one for each row.
  const templateSound = !problems.some((problem) => problem.row === null);

  // The header: every column known (case and spaces aside), none twice, each required field there. A field is
  // `field.<name>`, or its bare name where that is not one of the person's columns (a field named `email`).
  const fieldColumn = (name: string) => `field.${name}`;
  const known = new Map<string, string>([...PERSON_COLUMNS, EXPIRY_COLUMN].map((name) => [name, name]));
  for (const name of fieldNames) {
    known.set(fieldColumn(name).toLowerCase(), fieldColumn(name));
    if (!known.has(name.toLowerCase())) known.set(name.toLowerCase(), fieldColumn(name));
  }
  const columns: (string | null)[] = [];
  const headerOf = new Map<string, string>();
  table.header.forEach((name) => {
    const column = known.get(name.trim().toLowerCase()) ?? null;
    if (!column) problems.push({ row: 1, column: name || "—", key: "bulk.unknownColumn" });
    else if (columns.includes(column)) problems.push({ row: 1, column: name, key: "bulk.duplicateColumn" });
    const fresh = column && !columns.includes(column);
    columns.push(fresh ? column : null);
    if (fresh) headerOf.set(column, name.trim());
  });
  if (!columns.includes("national_id") && !columns.includes("email"))
    problems.push({ row: 1, column: "national_id", key: "bulk.identityColumnMissing" });
  for (const spec of specs)
    if (spec.is_required && !columns.includes(fieldColumn(spec.field_name)))
      problems.push({ row: 1, column: spec.field_name, key: "bulk.missingColumn" });
  if (problems.some((problem) => problem.row === 1)) return { rows: [], problems };

  const valuesOf = (cells: string[]) => {
    const values: Record<string, string> = {};
    columns.forEach((column, index) => {
      // Cleaned like a form's fields: no bidi overrides or control characters reach a document (docs/architecture.md §10).
      if (column) values[column] = cleanText(cells[index] ?? "").trim();
    });
    return values;
  };
  const parsed = table.rows.map((row) => ({ line: row.line, values: valuesOf(row.cells) }));

  const nins = parsed.map((row) => toLatinDigits(row.values.national_id ?? "")).filter(Boolean);
  const emails = parsed.map((row) => (row.values.email ?? "").toLowerCase()).filter(Boolean);
  const people = await findPeopleOf(db, category.client_id, [...new Set(nins)], [...new Set(emails)]);
  // Of the accounts that held one national ID before it was unique, the verified one.
  const byNin = new Map<string, (typeof people)[number]>();
  for (const person of people)
    if (person.nin && (!byNin.has(person.nin) || person.nin_verified_at)) byNin.set(person.nin, person);
  const byEmail = new Map(people.map((person) => [person.email.toLowerCase(), person]));

  const fieldCheck = fieldsSchema(specs);
  const firstLineOf = { national_id: new Map<string, number>(), email: new Map<string, number>() };
  const rows: { line: number; data: BulkRowData }[] = [];
  for (const { line, values } of parsed) {
    // Each problem names the column as the file's header wrote it.
    const problem = (column: string, key: string, extra?: Record<string, string | number>) =>
      problems.push({ row: line, column: headerOf.get(column) ?? column, key, values: extra });
    const before = problems.length;
    const nationalId = toLatinDigits(values.national_id ?? "") || null;
    const email = (values.email ?? "").toLowerCase() || null;
    if (!nationalId && !email)
      problem(columns.includes("national_id") ? "national_id" : "email", "bulk.identityRequired");
    if (nationalId && !/^\d{1,20}$/.test(nationalId)) problem("national_id", "validation.ninDigits");
    if (email && !EMAIL.safeParse(email).success) problem("email", "validation.invalidEmail");
    for (const [column, value] of [
      ["national_id", nationalId],
      ["email", email],
    ] as const) {
      if (!value) continue;
      const first = firstLineOf[column].get(value);
      if (first !== undefined) problem(column, "bulk.duplicateInFile", { row: first });
      else firstLineOf[column].set(value, line);
    }
    // Who the row is for (docs/decisions/0022): the account of its email, else the account whose national ID is
    // verified and matches. An unverified national ID finds nobody by itself: whoever typed it may not be its owner.
    // Only people the organisation knows are found: for anyone else the row reads as for a new account (an email
    // and names), whether or not they have one; the job then issues to their account if they do.
    const byId = nationalId ? byNin.get(nationalId) : undefined;
    const byMail = email ? byEmail.get(email) : undefined;
    const person = byMail ?? (byId?.nin_verified_at ? byId : undefined);
    if (byMail && nationalId && ((byMail.nin && byMail.nin !== nationalId) || (byId && byId.id !== byMail.id)))
      problem("national_id", "bulk.identityMismatch");
    else if (person && person.role !== "BENEFICIARY") problem(byMail ? "email" : "national_id", "bulk.notBeneficiary");
    else if (person && person.status !== "ACTIVE") problem(byMail ? "email" : "national_id", "bulk.accountInactive");
    else if (!person) {
      if (!email) problem("email", "bulk.emailForNewAccount");
      else if (byId) problem("national_id", "bulk.ninNotVerified");
      for (const column of NEW_ACCOUNT_COLUMNS)
        if (!values[column]) problem(column as PersonColumn, "bulk.nameForNewAccount");
    }
    for (const column of NAME_FIELDS)
      if ((values[column] ?? "").length > NAME_MAX) problem(column, "validation.tooLong", { max: NAME_MAX });
    const phone = toLatinDigits(values.phone ?? "") || null;
    if (phone && !PHONE.test(phone)) problem("phone", "validation.phoneDigits");
    let expiry: string | null = null;
    if (values[EXPIRY_COLUMN]) {
      expiry = parseUserDate(values[EXPIRY_COLUMN]);
      if (!expiry) problem(EXPIRY_COLUMN, "bulk.dateUnparseable", { value: values[EXPIRY_COLUMN] });
      else if (expiry <= today) problem(EXPIRY_COLUMN, "bulk.datePast", { value: expiry });
    }
    const fieldValues = Object.fromEntries(
      fieldNames.map((name) => [name, values[fieldColumn(name)] ?? ""]).filter(([, value]) => value),
    );
    const checked = fieldCheck.safeParse({ fields: fieldValues });
    if (!checked.success)
      for (const issue of checked.error.issues)
        problem(fieldColumn(String(issue.path[1] ?? issue.path[0])), issue.message);
    // The template filled for this row: a placeholder it would print empty refuses the row by name.
    if (template && templateSound && checked.success) {
      const names = person ?? {
        first_name_en: values.first_name_en || null,
        father_name_en: values.father_name_en || null,
        last_name_en: values.last_name_en || null,
        first_name_ar: values.first_name_ar || null,
        father_name_ar: values.father_name_ar || null,
        last_name_ar: values.last_name_ar || null,
      };
      const gaps = templateGaps(template, {
        ...NAME_FIELDS.reduce((all, key) => ({ ...all, [key]: names[key] }), {} as Pick<TemplateSubject, NameField>),
        nin: person?.nin ?? nationalId,
        category_en: "-",
        category_ar: "-",
        fields: checked.data.fields as Record<string, string>,
      });
      if (gaps.length) problem(columnOfPlaceholder(gaps[0]), "bulk.emptyPlaceholders", { names: gaps.join(", ") });
    }
    if (problems.length > before) continue;
    rows.push({
      line,
      data: {
        nationalId,
        email,
        names: Object.fromEntries(
          Object.entries(NAME_COLUMNS).map(([key, column]) => [key, values[column] || null]),
        ) as BulkRowData["names"],
        phone,
        expiry,
        fields: checked.success ? (checked.data.fields as Record<string, string>) : {},
      },
    });
  }
  return { rows, problems };
}
