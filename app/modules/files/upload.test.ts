import { describe, expect, it } from "vitest";
import { EXE_BYTES, HTML_BYTES, PNG_BYTES, SVG_BYTES, pdfBytes } from "~/test/files";
import { checkSupportingFile, readMultipart } from "./upload.server";

const file = (name: string, bytes: Uint8Array) => ({ fieldName: "document.1", name, bytes });

describe("supporting files are judged by content", () => {
  it("accepts a PDF (with its page count) and a PNG", async () => {
    expect(await checkSupportingFile(file("id.pdf", await pdfBytes(3)))).toEqual({ ok: true, mimeType: "application/pdf", totalPages: 3 });
    expect(await checkSupportingFile(file("photo.png", PNG_BYTES))).toEqual({ ok: true, mimeType: "image/png", totalPages: null });
    expect(await checkSupportingFile(file("no-extension", PNG_BYTES))).toMatchObject({ ok: true, mimeType: "image/png" });
  });

  it("refuses a renamed executable with the document or image message", async () => {
    expect(await checkSupportingFile(file("contract.pdf", EXE_BYTES))).toEqual({ ok: false, error: "validation.invalidDocumentFileType" });
    expect(await checkSupportingFile(file("photo.jpg", EXE_BYTES))).toEqual({ ok: false, error: "validation.invalidImageFileType" });
    expect(await checkSupportingFile(file("setup.exe", EXE_BYTES))).toEqual({ ok: false, error: "validation.invalidFileType" });
  });

  it("refuses SVG, HTML and empty files", async () => {
    expect(await checkSupportingFile(file("logo.svg", SVG_BYTES))).toEqual({ ok: false, error: "validation.invalidImageFileType" });
    expect(await checkSupportingFile(file("page.html", HTML_BYTES))).toEqual({ ok: false, error: "validation.invalidFileType" });
    expect(await checkSupportingFile(file("empty.pdf", new Uint8Array()))).toEqual({ ok: false, error: "validation.emptyFile" });
  });
});

describe("multipart limits", () => {
  const post = (files: [string, Uint8Array][]) => {
    const form = new FormData();
    for (const [name, bytes] of files) form.append("document.1", new File([bytes as Uint8Array<ArrayBuffer>], name));
    return new Request("http://localhost/x", { method: "POST", body: form });
  };
  const limits = { maxFileSize: 5 * 1024 * 1024, maxFiles: 5, tooLarge: "validation.fileSizeMax5" as const };

  it("stops a file over 5 MB while it streams: 'File size should not exceed 5MB'", async () => {
    expect(await readMultipart(post([["big.pdf", new Uint8Array(5 * 1024 * 1024 + 1)]]), limits)).toEqual({ ok: false, error: "validation.fileSizeMax5" });
  });

  it("refuses more than 5 files: 'Maximum 5 files allowed'", async () => {
    const six = Array.from({ length: 6 }, (_, i) => [`f${i}.png`, PNG_BYTES] as [string, Uint8Array]);
    expect(await readMultipart(post(six), limits)).toEqual({ ok: false, error: "validation.maxFiles5" });
  });

  it("reads files and fields within the limits", async () => {
    const result = await readMultipart(post([["a.png", PNG_BYTES]]), limits);
    expect(result.ok && result.files.map((f) => f.name)).toEqual(["a.png"]);
  });
});
