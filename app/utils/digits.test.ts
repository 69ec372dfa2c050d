import { describe, expect, it } from "vitest";
import { parseUserDate, toLatinDigits } from "./digits";

describe("what people type", () => {
  it("reads Arabic-Indic and Persian digits as 0-9, and leaves everything else", () => {
    expect(toLatinDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(toLatinDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(toLatinDigits("شارع ١٢، عمّان")).toBe("شارع 12، عمّان");
  });

  it("reads a date as ISO or day first, in any digits, and refuses what is not a date", () => {
    expect(parseUserDate("2024-06-30")).toBe("2024-06-30");
    expect(parseUserDate("30/06/2024")).toBe("2024-06-30");
    expect(parseUserDate("30-6-2024")).toBe("2024-06-30");
    expect(parseUserDate("30.06.2024")).toBe("2024-06-30");
    expect(parseUserDate("٣٠/٠٦/٢٠٢٤")).toBe("2024-06-30");
    expect(parseUserDate("۳۰/۰۶/۲۰۲۴")).toBe("2024-06-30");
    expect(parseUserDate(" 2024/6/3 ")).toBe("2024-06-03");
    expect(parseUserDate("31/02/2024")).toBeNull();
    expect(parseUserDate("06/30/2024")).toBeNull(); // month first is not how the region writes it
    expect(parseUserDate("yesterday")).toBeNull();
    expect(parseUserDate("")).toBeNull();
  });
});
