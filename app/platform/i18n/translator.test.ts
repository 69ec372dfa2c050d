import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";
import { i18nFor, resources } from "./instances.server";
import { createTranslator } from "./translator";

const keysOf = (object: object, prefix = ""): string[] =>
  Object.entries(object).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe("the browser's translator", () => {
  it("says every string of both languages as i18next does on the server, with and without values", () => {
    for (const lng of LANGUAGES) {
      const browser = createTranslator(lng, resources[lng].common);
      const server = i18nFor(lng);
      const values = { name: "Demo", count: 3, id: 42, date: "2026-11-27", status: "OK", size: 10, types: "PDF" };
      for (const key of keysOf(resources[lng].common)) {
        expect(browser.t(key), key).toBe(server.t(key));
        expect(browser.t(key, values), key).toBe(server.t(key, values));
      }
      expect(browser.language).toBe(lng);
    }
  });

  it("answers a missing key with its default value, else the key, as i18next does", () => {
    const browser = createTranslator("en", resources.en.common);
    expect(browser.t("status.SOMETHING_NEW", { defaultValue: "SOMETHING_NEW" })).toBe(
      i18nFor("en").t("status.SOMETHING_NEW", { defaultValue: "SOMETHING_NEW" }),
    );
    expect(browser.t("no.such.key")).toBe(i18nFor("en").t("no.such.key"));
    for (const keys of [
      ["audit.actions.nothing", "audit.actions.other"],
      ["no.such", "no.other"],
    ])
      expect(browser.t(keys)).toBe(i18nFor("en").t(keys));
    for (const value of [null, 0, "", false])
      expect(browser.t("toasts.requestAndCode", { id: value, code: value })).toBe(
        i18nFor("en").t("toasts.requestAndCode", { id: value, code: value }),
      );
  });
});
