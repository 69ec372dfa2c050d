import { describe, expect, it } from "vitest";
import { parseCsv } from "~/test/csv";
import { csvField } from "./csv.server";

const cellsOf = (line: string, delimiter: string) => parseCsv(line, delimiter)[0];

const PLANTED = [
  "Ali;=1+2",
  "x,=1",
  '"=1"',
  "=1+2",
  "+1",
  "-1+1",
  "@SUM(A1)",
  "\t=1",
  "\r=1",
  "a\t=1",
  "a|=1",
  " =1",
  "name\n=1",
  "Ali",
  'علي;=HYPERLINK("x")',
];

describe("CSV cells (OWASP CSV injection)", () => {
  it("never give a spreadsheet a cell that starts a formula, whichever of , ; tab or | it splits on", () => {
    // Each planted value first on the line, and after another field (where its quotes do not hold for `;`).
    const line = [...PLANTED, ...PLANTED.flatMap((value) => ["x", value])].map(csvField).join(",");
    for (const delimiter of [",", ";", "\t", "|"]) {
      for (const cell of cellsOf(line, delimiter))
        expect(cell, `${delimiter}: ${JSON.stringify(cell)}`).not.toMatch(/^[\s"]*[=+\-@]/);
    }
  });

  it("keep the text readable: one cell per value when split on commas, an apostrophe before each formula", () => {
    expect(cellsOf(PLANTED.map(csvField).join(","), ",")).toEqual([
      "Ali;'=1+2",
      "x,'=1",
      `'"=1"`,
      "'=1+2",
      "'+1",
      "'-1+1",
      "'@SUM(A1)",
      "'\t'=1",
      "'\r'=1",
      "a\t'=1",
      "a|'=1",
      "' =1",
      "name\n'=1",
      "Ali",
      'علي;\'=HYPERLINK("x")',
    ]);
    expect(csvField("Ali")).toBe("Ali");
    expect(csvField(42)).toBe("42");
  });
});
