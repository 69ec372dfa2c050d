import { describe, expect, it } from "vitest";
import { calendarFor, formatAge, formatDate, formatDateTime, formatFileSize, formatMoney } from "./format";

describe("dates", () => {
  it("have one format per kind in both languages: 'MMMM dd, yyyy' and 'MMMM dd, yyyy HH:mm'", () => {
    expect(formatDate("2026-11-03T21:05:00.000Z", "en")).toBe("November 03, 2026");
    expect(formatDateTime("2026-11-03T21:05:00.000Z", "en")).toBe("November 03, 2026 21:05");
    // Arabic's own order, day first and not zero-padded (docs/product.md, Dates).
    expect(formatDate("2026-11-07T21:05:00.000Z", "ar")).toBe("7 نوفمبر 2026");
    expect(formatDateTime("2026-01-09T07:30:00.000Z", "ar")).toBe("9 يناير 2026، 07:30");
  });

  it("read in the Hijri calendar (Umm al-Qura): 1 Muharram 1447 is 26 June 2025", () => {
    const newYear = "2025-06-26T10:00:00.000Z";
    expect(formatDate(newYear, "en", "HIJRI")).toBe("Muharram 01, 1447 AH");
    expect(formatDate(newYear, "ar", "HIJRI")).toBe("1 محرم 1447 هـ");
    expect(formatDate(newYear, "en", "BOTH")).toBe("June 26, 2025 (Muharram 01, 1447 AH)");
    expect(formatDateTime(newYear, "en", "BOTH")).toBe("June 26, 2025 10:00 (Muharram 01, 1447 AH)");
    // The day before is the last of 1446 (Dhu al-Hijjah had 29 days that year).
    expect(formatDate("2025-06-25T10:00:00.000Z", "en", "HIJRI")).toBe("Dhuʻl-Hijjah 29, 1446 AH");
  });

  it("follow the reader's choice, else their language: both calendars in Arabic, Gregorian in English", () => {
    expect(calendarFor(null, "ar")).toBe("BOTH");
    expect(calendarFor(null, "en")).toBe("GREGORIAN");
    expect(calendarFor("HIJRI", "en")).toBe("HIJRI");
  });
});

describe("ages, sizes and money", () => {
  it("read in the page's language, the same from the formatter each language keeps", () => {
    const now = Date.parse("2026-11-27T12:00:00.000Z");
    for (let twice = 0; twice < 2; twice++) {
      expect(formatAge("2026-11-27T08:00:00.000Z", now, "en")).toBe("today");
      expect(formatAge("2026-11-24T08:00:00.000Z", now, "en")).toBe("3 days ago");
      expect(formatAge("2026-11-24T08:00:00.000Z", now, "ar")).toBe("قبل 3 أيام");
      expect(formatFileSize(1536, "en")).toBe("1.5 kB");
      expect(formatFileSize(3 * 1024 * 1024, "en")).toBe("3 MB");
      expect(formatMoney(1250, "JOD", "en")).toBe("JOD\u00a01.250");
    }
  });
});

describe("days written once", () => {
  it("give the same day for every moment of it, in UTC, and another for a moment given with its offset", () => {
    expect(formatDate("2026-11-03T00:00:00.000Z", "en")).toBe("November 03, 2026");
    expect(formatDate("2026-11-03T23:59:59.999Z", "en")).toBe("November 03, 2026");
    expect(formatDate("2026-11-03T23:30:00+03:00", "en")).toBe("November 03, 2026");
    expect(formatDate("2026-11-04T01:30:00+03:00", "en")).toBe("November 03, 2026");
    expect(formatDate("2026-11-03T21:05:00.000Z", "ar", "BOTH")).toBe(
      formatDate("2026-11-03T09:00:00.000Z", "ar", "BOTH"),
    );
  });
});
