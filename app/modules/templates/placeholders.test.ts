import { describe, expect, it } from "vitest";
import { fillPlaceholders, placeholderProblems, placeholdersIn } from "./placeholders";
import { templateSchema } from "./schema";

describe("template placeholders", () => {
  it("finds, checks and fills them", () => {
    expect(placeholdersIn("Dear {{beneficiary.name.en}}, id {{ field.studentId }}")).toEqual([
      "beneficiary.name.en",
      "field.studentId",
    ]);
    expect(placeholderProblems("{{field.studentId}} {{issueDate.hijri}}", ["studentId"])).toEqual({
      unknown: [],
      broken: false,
    });
    expect(placeholderProblems("{{field.grade}} {{holder}} {{holder}}", ["studentId"]).unknown).toEqual([
      "field.grade",
      "holder",
    ]);
    expect(placeholderProblems("Hello {{beneficiary.name.en", []).broken).toBe(true);
    expect(fillPlaceholders("{{a}} and {{ b }}", { a: "one", b: "two" })).toBe("one and two");
  });

  it("the form names an unknown placeholder in its own field", () => {
    const result = templateSchema(["studentId"]).safeParse({
      pageSize: "A4",
      orientation: "PORTRAIT",
      title: { english: "Certificate", arabic: "شهادة" },
      body: { english: "{{field.grade}}", arabic: "{{beneficiary.name.ar" },
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["body.english", 'templates.unknownPlaceholder|{"names":"{{field.grade}}"}'],
      ["body.arabic", 'templates.brokenPlaceholder|{"example":"{{name}}"}'],
    ]);
  });
});
