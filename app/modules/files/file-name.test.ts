import { describe, expect, it } from "vitest";
import { safeFileName } from "./file-name";

describe("stored file names", () => {
  it("lose right-to-left overrides, marks, control characters and line breaks", () => {
    expect(safeFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(safeFileName("a\u200Fb\u2067c\u061Cd.pdf")).toBe("abcd.pdf");
    expect(safeFileName("line\r\nbreak\t.pdf")).toBe("linebreak.pdf");
    expect(safeFileName("nul\u0000.pdf")).toBe("nul.pdf");
  });

  it("keep only the last path part, and never end empty", () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("C:\\Users\\x\\شهادة.pdf")).toBe("شهادة.pdf");
    expect(safeFileName("..")).toBe("file");
    expect(safeFileName("\u202E")).toBe("file");
    expect(safeFileName("a".repeat(300) + ".pdf")).toHaveLength(200);
  });
});
