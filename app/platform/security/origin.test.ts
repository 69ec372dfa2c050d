import { describe, expect, it } from "vitest";
import { postSourceOf } from "./origin.server";

const post = (headers: Record<string, string>) =>
  new Request("https://docs.example/login", { method: "POST", headers });

describe("where a post says it comes from (docs/decisions/0012)", () => {
  it("takes our own Origin, or without one a Sec-Fetch-Site of same-origin or none, or without either our Referer", () => {
    expect(postSourceOf(post({ Origin: "https://docs.example" }))).toBe("ours");
    expect(postSourceOf(post({ "Sec-Fetch-Site": "same-origin" }))).toBe("ours");
    expect(postSourceOf(post({ "Sec-Fetch-Site": "none" }))).toBe("ours");
    expect(postSourceOf(post({ Referer: "https://docs.example/login?x=1" }))).toBe("ours");
  });

  it("refuses another origin, Origin: null, a cross-site or same-site fetch, a foreign or unreadable Referer", () => {
    expect(postSourceOf(post({ Origin: "https://evil.example" }))).toBe("foreign");
    expect(postSourceOf(post({ Origin: "null" }))).toBe("foreign");
    expect(postSourceOf(post({ Origin: "null", "Sec-Fetch-Site": "same-origin" }))).toBe("foreign");
    expect(postSourceOf(post({ "Sec-Fetch-Site": "cross-site" }))).toBe("foreign");
    expect(postSourceOf(post({ "Sec-Fetch-Site": "same-site" }))).toBe("foreign");
    expect(postSourceOf(post({ "Sec-Fetch-Site": "cross-site", Referer: "https://docs.example/" }))).toBe("foreign");
    expect(postSourceOf(post({ Referer: "https://docs.example.evil.example/" }))).toBe("foreign");
    expect(postSourceOf(post({ Referer: "docs.example" }))).toBe("foreign");
  });

  it("leaves a post that says nothing to the form token", () => {
    expect(postSourceOf(post({}))).toBe("unknown");
  });
});
