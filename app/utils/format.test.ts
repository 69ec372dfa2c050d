import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format";

describe("dates", () => {
  it("have one format per kind in both languages: 'MMMM dd, yyyy' and 'MMMM dd, yyyy HH:mm'", () => {
    expect(formatDate("2026-11-03T21:05:00.000Z", "en")).toBe("November 03, 2026");
    expect(formatDateTime("2026-11-03T21:05:00.000Z", "en")).toBe("November 03, 2026 21:05");
    expect(formatDate("2026-11-03T21:05:00.000Z", "ar")).toMatch(/^نوفمبر \S{2}، \S{4}$/);
    expect(formatDateTime("2026-01-09T07:30:00.000Z", "ar")).toMatch(/^يناير \S{2}، \S{4} \S{2}:\S{2}$/);
  });
});
