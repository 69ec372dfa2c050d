import { describe, expect, it } from "vitest";
import { idOf, MAX_ID } from "./values";

describe("idOf", () => {
  it("reads an id, and 0 (no row's) for anything that names none, so look-ups answer 404 on either database", () => {
    expect(idOf("42")).toBe(42);
    expect(idOf(String(MAX_ID))).toBe(MAX_ID);
    for (const value of [String(MAX_ID + 1), "90006172835", "abc", "1e3", "-1", "0", "007", " 7", "", null, undefined])
      expect(idOf(value)).toBe(0);
  });
});
