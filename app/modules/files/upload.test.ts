import { describe, expect, it } from "vitest";
import { EXE_BYTES, HTML_BYTES, PNG_BYTES, SVG_BYTES, pdfBytes } from "~/test/files";
import { checkSupportingFile } from "./upload.server";

const file = (name: string, bytes: Uint8Array) => ({ fieldName: "document.1", name, bytes });

describe("supporting files are judged by content", () => {
  it("accepts a PDF (with its page count) and a PNG", async () => {
    expect(await checkSupportingFile(file("id.pdf", await pdfBytes(3)))).toEqual({
      ok: true,
      mimeType: "application/pdf",
      totalPages: 3,
    });
    expect(await checkSupportingFile(file("photo.png", PNG_BYTES))).toEqual({
      ok: true,
      mimeType: "image/png",
      totalPages: null,
    });
    expect(await checkSupportingFile(file("no-extension", PNG_BYTES))).toMatchObject({
      ok: true,
      mimeType: "image/png",
    });
  });

  it("refuses a renamed executable with the document or image message", async () => {
    expect(await checkSupportingFile(file("contract.pdf", EXE_BYTES))).toMatchObject({
      ok: false,
      error: "validation.invalidDocumentFileType",
    });
    expect(await checkSupportingFile(file("photo.jpg", EXE_BYTES))).toMatchObject({
      ok: false,
      error: "validation.invalidImageFileType",
    });
    expect(await checkSupportingFile(file("setup.exe", EXE_BYTES))).toMatchObject({
      ok: false,
      error: "validation.invalidFileType",
    });
  });

  it("refuses SVG, HTML and empty files", async () => {
    expect(await checkSupportingFile(file("logo.svg", SVG_BYTES))).toMatchObject({
      ok: false,
      error: "validation.invalidImageFileType",
    });
    expect(await checkSupportingFile(file("page.html", HTML_BYTES))).toMatchObject({
      ok: false,
      error: "validation.invalidFileType",
    });
    expect(await checkSupportingFile(file("empty.pdf", new Uint8Array()))).toMatchObject({
      ok: false,
      error: "validation.emptyFile",
    });
  });
});
