import fs from "node:fs";
import { describe, expect, it } from "vitest";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";

const values = (object: object): string[] =>
  Object.values(object).flatMap((value) => (typeof value === "object" ? values(value) : [String(value)]));

/** Every message quoted in spec sections 5 and 8, word for word. */
const SPEC_MESSAGES = [
  "Please enter a valid email address",
  "Password must be at least 6 characters",
  "Phone must contain only digits",
  "Phone number must be at least 9 digits",
  "National ID (NIN) must be exactly 11 digits",
  "Passwords don't match",
  "Invalid email",
  "Phone number too short",
  "Invalid national ID",
  "Password too short",
  "English first name is required",
  "Invalid email format",
  "Phone number is required",
  "National ID is required",
  "Password must be at least 8 characters",
  "Job title is required",
  "English label is required",
  "Arabic label is required",
  "Document category is required",
  "Field name must be at least 2 characters",
  "Field type must be at least 4 characters",
  "User is required",
  "Client is required",
  "Invalid document file type",
  "Invalid image file type",
  "File size should not exceed 5MB",
  "No files selected",
  "Maximum 5 files allowed",
  "Invalid file type. Allowed types: JPG, PNG, PDF, DOC, DOCX",
  "Please select a file",
  "File must be less than 4MB",
  "Document name is required",
  "Expiration date is required",
  "Please select a valid date",
  "HTTP error! Status: {{status}}",
  "Failed to update status",
  "No Data Found WIth ID {{id}}",
  "Missing category data. Please navigate here from the Required Fields list.",
  "Error loading data.",
  "Not Found",
  "Something went wrong!",
  "Show Error",
  "Hide Error",
  "You are already logged in",
  "You have been logged out.",
  "file error , probably too big",
  "File is too large. Max size is 4MB",
  "File type must be {{types}}",
  "File is larger than {{size}} bytes",
  "File is smaller than {{size}} bytes",
  "Too many files",
  "Failed to submit the form check your inputs and try again",
  "Failed to submit the form",
  "Please check your inputs and try again",
  "Document Issued successfully!",
  "Document uploaded successfully!",
  "Your file has been processed",
  "Fee is required",
  "Currency is required",
  "Validity period is required",
];

describe("locales", () => {
  it("hold every message of spec sections 5 and 8 in English, word for word", () => {
    const english = new Set(values(en));
    expect(SPEC_MESSAGES.filter((message) => !english.has(message))).toEqual([]);
  });

  it("translate every message into Arabic", () => {
    const arabicValues = values(ar);
    expect(arabicValues.length).toBe(values(en).length);
    const untranslated = values(en).filter((value, index) => /[a-z]{4,}/.test(value) && value === arabicValues[index]);
    // Names that stay as they are in both languages.
    expect(untranslated.filter((value) => !["English", "SecurePlus"].includes(value))).toEqual([]);
  });

  it("label every audited action a clerk's page can show (their work, sign-ins and profile)", () => {
    const sources = fs
      .readdirSync("app/modules", { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".server.ts"));
    const actions = new Set(
      sources.flatMap((file) =>
        [
          ...fs
            .readFileSync(`app/modules/${file}`, "utf8")
            .matchAll(/"((?:request|category|required_field|supporting_type|auth|profile|webhook)\.[a-z_]+)"/g),
        ].map((match) => match[1]),
      ),
    );
    expect(actions.size).toBeGreaterThan(20);
    const label = (action: string) =>
      action
        .split(".")
        .reduce<unknown>(
          (node, part) => (node as Record<string, unknown> | undefined)?.[part],
          (en as { audit: { actions: object } }).audit.actions,
        );
    expect([...actions].filter((action) => typeof label(action) !== "string")).toEqual([]);
  });
});

describe("the glossary (docs/glossary.md)", () => {
  const rows = fs
    .readFileSync("docs/glossary.md", "utf8")
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| English") && !line.startsWith("| ---"))
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .map(([, english, arabic, avoided]) => ({
      english,
      arabic,
      avoided: avoided ? avoided.split("،").map((word) => word.trim()) : [],
    }));
  const arabic = values(ar)
    .join("\n")
    .replace(/[\u2066-\u2069]/g, ""); // isolates aside (below)

  it("names each domain word in both languages", () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.arabic, row.english).not.toBe("");
  });

  it("is what the Arabic locale says: its words used, the words it rules out never", () => {
    for (const row of rows) {
      expect(arabic, row.english).toContain(row.arabic);
      for (const word of row.avoided) expect(arabic, `${row.english}: ${word}`).not.toContain(word);
    }
  });
});

describe("Latin inside Arabic", () => {
  // A Latin run with a digit or a trailing separator ("SHA-256", "https://", "abcde-12345") is reordered by the
  // bidirectional algorithm in a right-to-left sentence ("256-SHA"): each is isolated (LRI ... PDI, UAX #9).
  const LATIN_RUN = /(?<![\p{L}\p{N}_{.\u2066\u2068])[A-Za-z][A-Za-z0-9]*(?:[ \-:/.#@+_]*[A-Za-z0-9]+)*(?::\/+|\/)?/gu;
  it("keeps its order: every run that would turn around is isolated", () => {
    const turned = values(ar).flatMap((value) =>
      value
        .replace(/[\u2066\u2068][^\u2069]*\u2069/g, " ")
        .split(/\{\{[^}]*\}\}|<[^>]*>/)
        .flatMap((text) => [...text.matchAll(LATIN_RUN)].map((match) => match[0].trimEnd()))
        .filter((run) => /[^A-Za-z ]/.test(run)),
    );
    expect(turned).toEqual([]);
  });
});
