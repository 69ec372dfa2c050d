import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/common.json";
import { categorySchema, requiredFieldSchema, supportingTypeSchema, toMinorUnits, fromMinorUnits } from "./schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};
const english = (key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
function errorOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>, name: string) {
  const key = parseWithZod(form(fields), { schema }).reply().error?.[name]?.[0];
  return key ? english(key) : undefined;
}

const category = {
  "name.english": "Transcript",
  "name.arabic": "كشف",
  fee: "15.500",
  currency: "JOD",
  validityPeriod: "30",
};
const field = {
  "name.english": "Student number",
  "name.arabic": "الرقم الجامعي",
  documentCategoryId: "1",
  fieldName: "student_number",
  fieldType: "number",
};

describe("document category schema", () => {
  it("accepts a valid category", () =>
    expect(parseWithZod(form(category), { schema: categorySchema }).status).toBe("success"));
  it.each([
    ["name.english", "", "English name is required"],
    ["name.arabic", "", "Arabic name is required"],
    ["fee", "", "Fee is required"],
    ["fee", "-3", "Enter the fee as a non-negative amount, for example 15 or 15.500"],
    ["currency", "", "Currency is required"],
    ["currency", "XYZ", "Currency is required"],
    ["validityPeriod", "", "Validity period is required"],
    ["validityPeriod", "0", "Enter a whole number of days, 1 or more"],
    ["validityPeriod", "2.5", "Enter a whole number of days, 1 or more"],
  ])("%s = '%s' says '%s'", (name, value, message) => {
    expect(errorOf(categorySchema, { ...category, [name]: value }, name)).toBe(message);
  });
  it("stores fees in minor units of the currency", () => {
    expect(toMinorUnits("15.5", "JOD")).toBe(15500);
    expect(toMinorUnits("15", "USD")).toBe(1500);
    expect(fromMinorUnits(15500, "JOD")).toBe("15.500");
  });
});

describe("required field schema (docs/product.md, Rules and messages)", () => {
  it("accepts a valid field", () =>
    expect(parseWithZod(form(field), { schema: requiredFieldSchema }).status).toBe("success"));
  it.each([
    ["name.english", "A", "English label is required"],
    ["name.arabic", "", "Arabic label is required"],
    ["documentCategoryId", "", "Document category is required"],
    ["fieldName", "a", "Field name must be at least 2 characters"],
    ["fieldName", "Student Number", "Use only lower-case letters, digits and _"],
    ["fieldType", "txt", "Field type must be at least 4 characters"],
  ])("%s = '%s' says '%s'", (name, value, message) => {
    expect(errorOf(requiredFieldSchema, { ...field, [name]: value }, name)).toBe(message);
  });
});

describe("supporting document type schema", () => {
  const type = { "documentType.english": "Passport", "documentType.arabic": "جواز السفر", documentCategoryId: "1" };
  it("accepts a valid type", () =>
    expect(parseWithZod(form(type), { schema: supportingTypeSchema }).status).toBe("success"));
  it("requires both names", () => {
    expect(errorOf(supportingTypeSchema, { ...type, "documentType.english": "" }, "documentType.english")).toBe(
      "English document type is required",
    );
    expect(errorOf(supportingTypeSchema, { ...type, "documentType.arabic": "" }, "documentType.arabic")).toBe(
      "Arabic document type is required",
    );
  });
});
