import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { CODE_LENGTH, formatCode, generateVerificationCode, normalizeCode } from "./code";

describe("verification codes", () => {
  it("are 16 Crockford base32 characters from a CSPRNG", () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateVerificationCode((n) => crypto.randomBytes(n))));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it("are shown grouped and accepted with or without dashes, in either case, with spaces", () => {
    expect(formatCode("ABCDEFGHJKMNPQRS")).toBe("ABCD-EFGH-JKMN-PQRS");
    for (const typed of ["ABCD-EFGH-JKMN-PQRS", "abcd-efgh-jkmn-pqrs", "  abcdefghjkmnpqrs ", "ABCD EFGH JKMN PQRS"]) {
      expect(normalizeCode(typed)).toBe("ABCDEFGHJKMNPQRS");
    }
  });

  it("maps look-alikes and refuses malformed input", () => {
    expect(normalizeCode("o0il-0000-0000-0000")).toBe("0011000000000000");
    expect(normalizeCode("ABC")).toBeNull();
    expect(normalizeCode("U".repeat(CODE_LENGTH))).toBeNull();
    expect(normalizeCode("<script>alert(1)</script>")).toBeNull();
  });
});
