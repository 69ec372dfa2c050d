import path from "node:path";
import { PDFDocument } from "pdf-lib";

export async function pdfBytes(pages = 1) {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 200]);
  return pdf.save();
}

export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYGD4z8DAwMDEwMDAAAAMGAECs5BV2gAAAABJRU5ErkJggg==",
  "base64",
);

/** The start of a Windows executable: what a renamed .exe looks like inside. */
export const EXE_BYTES = Buffer.concat([
  Buffer.from("MZ"),
  Buffer.alloc(62),
  Buffer.from("PE\0\0"),
  Buffer.alloc(200, 1),
]);
export const SVG_BYTES = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const HTML_BYTES = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

/** Where the disk store keeps a file's bytes (the tests' store is a folder: STORAGE_DIR). */
export const storedPath = (storageKey: string) =>
  path.resolve(process.env.STORAGE_DIR!, storageKey.slice(0, 2), storageKey);
