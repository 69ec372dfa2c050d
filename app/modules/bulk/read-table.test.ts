import fs from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { workbookEntries, zipOf } from "~/test/bombs";
import { readTable } from "./read-table.server";
import { MAX_INFLATED_BYTES } from "./workbook-parts.server";

/** The temporary files ExcelJS's `tmp` made in this process (named tmp-<pid>-...). */
const temporaryFiles = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));

const ROWS = [
  ["email", "student_number"],
  ["a@example.com", "1"],
  ["b@example.com", "2"],
];

describe("a workbook read within limits", () => {
  it("reads shared strings, and a workbook without them whose sheet comes first, leaving no temporary file", async () => {
    for (const sharedStrings of [true, false]) {
      const read = await readTable(zipOf(workbookEntries(ROWS, { sharedStrings })));
      expect(read.ok && read.table).toEqual({
        header: ROWS[0],
        rows: ROWS.slice(1).map((cells, index) => ({ line: index + 2, cells })),
      });
    }
    expect(temporaryFiles()).toEqual([]);
  });

  it("refuses at once an entry that inflates past the size its zip directory declares", async () => {
    const [sheet, ...rest] = workbookEntries(ROWS, { sharedStrings: true });
    const strings = rest.find((entry) => entry.name === "xl/sharedStrings.xml")!;
    // 64 MB of shared strings (about 64 KB deflated), declared as the size of the real table.
    const bomb = Buffer.concat([strings.content, Buffer.alloc(64 * 1024 * 1024, "<si><t>a</t></si>")]);
    const file = zipOf([
      sheet,
      ...rest.map((entry) =>
        entry === strings ? { ...entry, content: bomb, declaredSize: strings.content.length } : entry,
      ),
    ]);
    const started = performance.now();
    const read = await readTable(file);
    expect(read.ok ? "read" : read.error).toBe("bulk.unreadableFile");
    expect(performance.now() - started).toBeLessThan(500);
    expect(temporaryFiles()).toEqual([]);
  });

  it("refuses a workbook whose declared sizes pass the limit, before inflating anything", async () => {
    const entries = workbookEntries(ROWS).map((entry) =>
      entry.name === "xl/worksheets/sheet1.xml" ? { ...entry, declaredSize: MAX_INFLATED_BYTES + 1 } : entry,
    );
    const read = await readTable(zipOf(entries));
    expect(read.ok ? "read" : read.error).toBe("bulk.unreadableFile");
  });
});
