import { describe, expect, it } from "vitest";
import { i18nFor } from "~/platform/i18n/instances.server";
import { detectLanguage, fromAcceptLanguage, localeCookie } from "./i18next.server";

describe("language detection", () => {
  it("takes the supported language with the highest quality from Accept-Language", () => {
    expect(fromAcceptLanguage("en-GB,en;q=0.9,ar;q=0.8")).toBe("en");
    expect(fromAcceptLanguage("fr-FR, de;q=0.9, ar;q=0.5, en;q=0.4")).toBe("ar");
    expect(fromAcceptLanguage("ar;q=0, en;q=0.1")).toBe("en");
    expect(fromAcceptLanguage("fr, <script>")).toBeNull();
    expect(fromAcceptLanguage(null)).toBeNull();
  });

  it("prefers ?lng=, then the switch's cookie, then the header, then Arabic", async () => {
    const cookie = (await localeCookie.serialize("en")).split(";")[0];
    expect(
      await detectLanguage(
        new Request("http://x/?lng=en", { headers: { Cookie: (await localeCookie.serialize("ar")).split(";")[0] } }),
      ),
    ).toBe("en");
    expect(
      await detectLanguage(new Request("http://x/?lng=xx", { headers: { Cookie: cookie, "Accept-Language": "ar" } })),
    ).toBe("en");
    expect(await detectLanguage(new Request("http://x/", { headers: { "Accept-Language": "en-US" } }))).toBe("en");
    expect(await detectLanguage(new Request("http://x/", { headers: { Cookie: "i18nextLng=garbage" } }))).toBe("ar");
  });

  it("shares one ready instance per language", () => {
    expect(i18nFor("en")).toBe(i18nFor("en"));
    expect(i18nFor("en").t("errors.notFound")).toBe("Not Found");
    expect(i18nFor("ar").t("errors.notFound")).not.toBe("Not Found");
    expect(i18nFor("ar").language).toBe("ar");
  });
});
