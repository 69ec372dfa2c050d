import { describe, expect, it } from "vitest";
import { isSameOrigin } from "./origin.server";

const post = (headers: Record<string, string>) => new Request("https://docs.example/login", { method: "POST", headers });

describe("same-origin posts (issue 16)", () => {
  it("takes our own Origin, or without one a Sec-Fetch-Site of same-origin or none", () => {
    expect(isSameOrigin(post({ Origin: "https://docs.example" }))).toBe(true);
    expect(isSameOrigin(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOrigin(post({ "Sec-Fetch-Site": "none" }))).toBe(true);
  });

  it("refuses another origin, Origin: null, a cross-site or same-site fetch, and a post that says nothing", () => {
    expect(isSameOrigin(post({ Origin: "https://evil.example" }))).toBe(false);
    expect(isSameOrigin(post({ Origin: "null" }))).toBe(false);
    expect(isSameOrigin(post({ Origin: "null", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isSameOrigin(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(false);
    expect(isSameOrigin(post({ "Sec-Fetch-Site": "same-site" }))).toBe(false);
    expect(isSameOrigin(post({}))).toBe(false);
  });
});
