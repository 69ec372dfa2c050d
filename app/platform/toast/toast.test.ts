import { describe, expect, it } from "vitest";
import { i18nFor } from "~/platform/i18n/instances.server";
import { isolate } from "~/utils/format";
import { toastValues } from "./toast";

describe("toast values", () => {
  it("show a name in the page's language, isolated, and translate a status, keeping numbers", () => {
    const params = {
      name: { en: "Demo University", ar: "الجامعة التجريبية" },
      status: { key: "status.APPROVED" },
      count: 3,
    };
    const ar = i18nFor("ar").t;
    const en = i18nFor("en").t;
    expect(toastValues(params, "ar", ar)).toEqual({
      name: isolate("الجامعة التجريبية"),
      status: ar("status.APPROVED"),
      count: 3,
    });
    expect(toastValues(params, "en", en)).toEqual({ name: isolate("Demo University"), status: "Approved", count: 3 });
    expect(ar("staff.documentReviewed", toastValues({ status: { key: "status.REJECTED" } }, "ar", ar))).not.toMatch(
      /[A-Z]/,
    );
  });
});
