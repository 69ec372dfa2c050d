import { execFileSync } from "node:child_process";
import zlib from "node:zlib";
import jsQR from "jsqr";
import { PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFDict } from "pdf-lib";

const inflate = (stream: PDFRawStream) => {
  const filter = stream.dict.get(PDFName.of("Filter"));
  return filter === PDFName.of("FlateDecode")
    ? zlib.inflateSync(Buffer.from(stream.contents))
    : Buffer.from(stream.contents);
};

/** Decodes the QR code image stamped on the first page. */
export async function pdfQrText(bytes: Uint8Array): Promise<string | null> {
  const pdf = await PDFDocument.load(bytes);
  const resources = pdf.getPages()[0].node.Resources();
  const xObjects = resources?.lookup(PDFName.of("XObject"), PDFDict);
  for (const [, ref] of xObjects?.entries() ?? []) {
    const image = pdf.context.lookup(ref);
    if (!(image instanceof PDFRawStream) || image.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const width = (image.dict.get(PDFName.of("Width")) as PDFNumber).asNumber();
    const height = (image.dict.get(PDFName.of("Height")) as PDFNumber).asNumber();
    const pixels = inflate(image);
    const channels = pixels.length / (width * height);
    if (!Number.isInteger(channels)) continue;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixels[i * channels + (channels >= 3 ? c : 0)];
      rgba[i * 4 + 3] = 255;
    }
    const decoded = jsQR(rgba, width, height);
    if (decoded) return decoded.data;
  }
  return null;
}

/** The text of a PDF as Poppler's `pdftotext` reads it (Debian's poppler-utils), without directional marks. */
export function pdftotext(bytes: Uint8Array): string {
  let text: string;
  try {
    text = execFileSync("pdftotext", ["-q", "-", "-"], { input: bytes }).toString("utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error("pdftotext is missing: install Debian's poppler-utils (sudo apt-get install poppler-utils)");
    throw error;
  }
  return text.replace(/[\u200e\u200f\u202a-\u202e]/g, "");
}

/**
 * The text of a PDF in the order it was drawn (`pdftotext -raw`): left to right on a line, each Arabic word in its
 * own logical order. Unlike the default mode, which guesses a line's direction from most of its letters (a line of
 * dates and codes inside Arabic comes out reversed), this order is the page's own: what a reader sees.
 */
export function pdftotextRaw(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-q", "-raw", "-", "-"], { input: bytes }).toString("utf8");
}
