import { describe, expect, it } from "vitest";
import { anchorOf, formTokenFor, isValidFormToken, newAnchor } from "./form-token.server";

describe("form anchors drawn from a pool of random bytes", () => {
  it("are 128-bit, never repeat across pool refills, and read back from their cookie", () => {
    const anchors = Array.from({ length: 1000 }, () => newAnchor());
    expect(new Set(anchors).size).toBe(1000);
    for (const anchor of anchors) expect(anchorOf(`other=1; form_anchor=${anchor}`)).toBe(anchor);
  });

  it("make a token that holds for its own anchor only", () => {
    const [mine, theirs] = [newAnchor(), newAnchor()];
    expect(isValidFormToken(mine, formTokenFor(mine))).toBe(true);
    expect(isValidFormToken(theirs, formTokenFor(mine))).toBe(false);
  });
});
