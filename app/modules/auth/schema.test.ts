import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import en from "../../../locales/en/common.json";
import { loginSchema, registerSchema } from "./schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};

/** The English text of a field's first error, as the page shows it. */
function errorOf(schema: typeof loginSchema | typeof registerSchema, fields: Record<string, string>, name: string) {
  const submission = parseWithZod(form(fields), { schema });
  const key = submission.reply().error?.[name]?.[0];
  if (!key) return undefined;
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
}

const validRegistration = {
  "firstName.english": "Ahmad",
  "firstName.arabic": "أحمد",
  "fatherName.english": "Ali",
  "fatherName.arabic": "علي",
  "lastName.english": "Hassan",
  "lastName.arabic": "حسن",
  email: "new@example.com",
  phone: "0791234567",
  nin: "12345678901",
  password: "long-enough",
  confirmPassword: "long-enough",
};

describe("login schema", () => {
  it("says 'Please enter a valid email address'", () => {
    expect(errorOf(loginSchema, { email: "nope", password: "secret1" }, "email")).toBe(
      "Please enter a valid email address",
    );
    expect(errorOf(loginSchema, { password: "secret1" }, "email")).toBe("Please enter a valid email address");
  });
  it("says 'Password must be at least 6 characters'", () => {
    expect(errorOf(loginSchema, { email: "a@b.co", password: "12345" }, "password")).toBe(
      "Password must be at least 6 characters",
    );
  });
  it("accepts a valid form", () => {
    expect(parseWithZod(form({ email: "a@b.co", password: "123456" }), { schema: loginSchema }).status).toBe("success");
  });
});

describe("registration schema", () => {
  it("accepts a valid registration", () => {
    expect(parseWithZod(form(validRegistration), { schema: registerSchema }).status).toBe("success");
  });
  it.each([
    ["firstName.english", "English first name is required"],
    ["firstName.arabic", "Arabic first name is required"],
    ["fatherName.english", "English father's name is required"],
    ["fatherName.arabic", "Arabic father's name is required"],
    ["lastName.english", "English last name is required"],
    ["lastName.arabic", "Arabic last name is required"],
  ])("requires %s: '%s'", (field, message) => {
    expect(errorOf(registerSchema, { ...validRegistration, [field]: "" }, field)).toBe(message);
  });
  it("says 'Phone must contain only digits'", () => {
    expect(errorOf(registerSchema, { ...validRegistration, phone: "07912-34567" }, "phone")).toBe(
      "Phone must contain only digits",
    );
  });
  it("says 'Phone number must be at least 9 digits'", () => {
    expect(errorOf(registerSchema, { ...validRegistration, phone: "0791234" }, "phone")).toBe(
      "Phone number must be at least 9 digits",
    );
  });
  it("says 'National ID (NIN) must be exactly 11 digits'", () => {
    for (const nin of ["1234567890", "123456789012", "1234567890a"]) {
      expect(errorOf(registerSchema, { ...validRegistration, nin }, "nin")).toBe(
        "National ID (NIN) must be exactly 11 digits",
      );
    }
  });
  it("says 'Password must be at least 8 characters'", () => {
    expect(
      errorOf(registerSchema, { ...validRegistration, password: "short7!", confirmPassword: "short7!" }, "password"),
    ).toBe("Password must be at least 8 characters");
  });
  it('says "Passwords don\'t match"', () => {
    expect(errorOf(registerSchema, { ...validRegistration, confirmPassword: "different-one" }, "confirmPassword")).toBe(
      "Passwords don't match",
    );
  });
  it("says \"Passwords don't match\" together with the form's other errors", () => {
    const fields = {
      ...validRegistration,
      "firstName.english": "",
      phone: "",
      email: "x@",
      nin: "12",
      confirmPassword: "different-one",
    };
    expect(errorOf(registerSchema, fields, "confirmPassword")).toBe("Passwords don't match");
    expect(errorOf(registerSchema, fields, "email")).toBe("Please enter a valid email address");
    expect(errorOf(registerSchema, fields, "nin")).toBe("National ID (NIN) must be exactly 11 digits");
  });
  it("says 'Please enter a valid email address'", () => {
    expect(errorOf(registerSchema, { ...validRegistration, email: "x@" }, "email")).toBe(
      "Please enter a valid email address",
    );
  });
});
