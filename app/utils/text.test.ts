import { describe, expect, it } from "vitest";
import { cleanField, cleanJson, cleanText } from "./text";

describe("typed text", () => {
  it("loses bidi overrides, embeddings, isolates and control characters, and keeps line breaks, tabs and the marks", () => {
    expect(cleanText("Ali\u202Egnp.exe")).toBe("Alignp.exe");
    expect(cleanText("\u2066x\u2069 \u202Ay\u202C \u202Bz\u202C \u202D\u2067\u2068")).toBe("x y z ");
    expect(cleanText("a\u0000b\u0007c\u001bd\u007fe\u0085f")).toBe("abcdef");
    expect(cleanText("line one\nline two\r\n\tindented")).toBe("line one\nline two\r\n\tindented");
    expect(cleanText("السعر \u200f100 JOD\u200e")).toBe("السعر \u200f100 JOD\u200e");
  });

  it("takes passwords as typed, and cleans every string of a JSON body", () => {
    expect(cleanField("password", "p\u202Ess")).toBe("p\u202Ess");
    expect(cleanJson({ name: { english: "A\u202Eb" }, password: "x\u202Ey", list: ["c\u2066d"], n: 3 })).toEqual({
      name: { english: "Ab" },
      password: "x\u202Ey",
      list: ["cd"],
      n: 3,
    });
  });
});
