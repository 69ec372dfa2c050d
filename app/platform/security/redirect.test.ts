import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./origin.server";
import { REDIRECT_BYPASSES } from "~/test/redirect-bypasses";

describe("redirect targets", () => {
  it("fall back for every known bypass", () => {
    expect(REDIRECT_BYPASSES.length).toBeGreaterThanOrEqual(30);
    for (const value of REDIRECT_BYPASSES)
      expect(safeRedirectPath(value, "/fallback"), JSON.stringify(value)).toBe("/fallback");
  });

  it("keep a path of this site as the URL parser reads it", () => {
    expect(safeRedirectPath("/clerks/requests?status=PENDING#top")).toBe("/clerks/requests?status=PENDING#top");
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example"); // a path of ours, encoded
    expect(safeRedirectPath("/a/../b")).toBe("/b");
    expect(safeRedirectPath("/%09/evil.example")).toBe("/%09/evil.example"); // an encoded tab stays in our path
    expect(safeRedirectPath("/@evil.example")).toBe("/@evil.example"); // a path of ours too
    expect(safeRedirectPath("/public-announcements/x?lng=ar")).toBe("/public-announcements/x?lng=ar");
    expect(safeRedirectPath(null, "/x")).toBe("/x");
  });
});
