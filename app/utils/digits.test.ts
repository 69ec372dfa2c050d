import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { userDate } from "./digit-schemas";
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

describe("a date typed in a form or a file (property)", () => {
  const schema = userDate("validation.selectValidDate");
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => "٠١٢٣٤٥٦٧٨٩"[Number(digit)]);
  it("is taken only when it is a real calendar day, ISO or day first, in Latin or Arabic-Indic digits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2100 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 0, max: 32 }),
        fc.constantFrom("iso", "dayFirst"),
        fc.boolean(),
        (year, month, day, order, eastern) => {
          const real = new Date(Date.UTC(year, month - 1, day));
          const isReal = month >= 1 && month <= 12 && day >= 1 && real.getUTCDate() === day;
          const typed = order === "iso" ? `${year}-${pad(month)}-${pad(day)}` : `${pad(day)}/${pad(month)}/${year}`;
          const parsed = schema.safeParse(eastern ? arabicIndic(typed) : typed);
          expect(parsed.success).toBe(isReal);
          if (parsed.success) expect(parsed.data).toBe(`${year}-${pad(month)}-${pad(day)}`);
        },
      ),
      { numRuns: 2000 },
    );
    expect(schema.safeParse("2025-13-40").success).toBe(false);
    expect(schema.safeParse("2026-02-29").success).toBe(false);
    expect(schema.safeParse("2028-02-29").success).toBe(true);
  });
});
