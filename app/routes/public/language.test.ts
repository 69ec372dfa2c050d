import { describe, expect, it } from "vitest";
import { localeCookie } from "~/middleware/i18next.server";
import { makeContext, postAs } from "~/test/route";
import * as language from "./language";

describe("language switch", () => {
  it("remembers ar or en in the i18nextLng cookie and returns to the page", async () => {
    const result = await postAs(makeContext(), language.action, "/language", {
      lng: "en",
      redirectTo: "/login?redirectTo=%2Fprofile",
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
    const cookie = result.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^i18nextLng=/);
    expect(await localeCookie.parse(cookie.split(";")[0])).toBe("en");
  });

  it("ignores anything but ar and en, including script-like values", async () => {
    for (const lng of ["fr", "<script>alert(1)</script>", "en<script>", 'ar-EG"><img']) {
      const result = await postAs(makeContext(), language.action, "/language", { lng, redirectTo: "/" });
      expect(result.status).toBe(302);
      expect(result.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("never redirects to another site", async () => {
    const result = await postAs(makeContext(), language.action, "/language", {
      lng: "ar",
      redirectTo: "https://evil.example/",
    });
    expect(result.headers.get("Location")).toBe("/");
  });
});
