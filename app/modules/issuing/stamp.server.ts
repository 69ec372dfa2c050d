import fs from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import bidiFactory from "bidi-js";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { i18nFor } from "~/modules/i18n/instances.server";
import { formatCode } from "~/modules/verification/code";

const A4: [number, number] = [595.28, 841.89];
/** The band added below each page for the stamp: nothing of the page is drawn over (DESIGN 6.3). */
export const STAMP_BAND_HEIGHT = 112;
/** Printers cut up to about 5 mm of a sheet's edge: the QR code and every line stay 18 pt (6.35 mm) inside. */
export const STAMP_MARGIN = 18;
const QR_SIZE = 64;
const GREY = rgb(0.35, 0.35, 0.35);

// Vazirmatn (SIL Open Font License, the `vazirmatn` package) has Arabic and Latin letters: fontkit shapes
// the Arabic (joined forms) and lays a right-to-left run out right to left. Both faces are embedded as
// subsets, so the stamp prints the same everywhere (no standard font left to the reader's substitute).
const fontFile = (face: string) => fs.readFileSync(createRequire(import.meta.url).resolve(`vazirmatn/fonts/ttf/Vazirmatn-${face}.ttf`));
const REGULAR_FONT = fontFile("Regular");
const BOLD_FONT = fontFile("Bold");
const bidi = bidiFactory();

export interface StampInput {
  bytes: Uint8Array;
  mimeType: "application/pdf" | "image/png" | "image/jpeg";
  code: string;
  verificationUrl: string;
  /** A request's document says "Issued by", an attested copy "Attested by" (DESIGN 6.4). */
  kind: "REQUEST" | "ATTESTATION";
  /** The organisation that issued (or attested) the document, in both languages. */
  issuer: { en: string; ar: string };
  issuedAt: Date;
}

/**
 * DESIGN 6.3: every page of the issued PDF carries the QR code of the verification URL, and a bilingual
 * stamp (texts from locales): who issued it and when, in Arabic and in English, the code and the link.
 * The stamp goes in a band added below the page (the page's boxes grow downwards, so what the issuer drew
 * keeps its place and nothing of it is covered: signatures, seals and footers sit at the bottom). An image
 * is first placed on a page that, with the band, is A4. Returns the stamped PDF bytes and its page count.
 */
export async function stampDocument(input: StampInput): Promise<{ bytes: Uint8Array; totalPages: number }> {
  const pdf = input.mimeType === "application/pdf" ? await PDFDocument.load(input.bytes) : await imageToPdf(input);
  pdf.registerFontkit(fontkit);
  const qr = await pdf.embedPng(await QRCode.toBuffer(input.verificationUrl, { type: "png", margin: 1, width: 240 }));
  const font = await pdf.embedFont(REGULAR_FONT, { subset: true });
  const bold = await pdf.embedFont(BOLD_FONT, { subset: true });
  const en = i18nFor("en").t;
  const ar = i18nFor("ar").t;
  const date = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(input.issuedAt);
  const line = input.kind === "ATTESTATION" ? "stamp.attestedBy" : "stamp.issuedBy";
  const arabicLine = ar(line, { organisation: input.issuer.ar, date: date("ar-u-nu-latn") });
  const englishLine = en(line, { organisation: input.issuer.en, date: date("en-GB") });
  const codeLine = `${en("stamp.code")} / ${formatCode(input.code)}`;
  const hint = ar("stamp.verifyHint");
  const verifyAt = `${en("stamp.verifyAt")}: ${input.verificationUrl}`;
  for (const page of pdf.getPages()) {
    const band = addBand(page);
    const left = band.x + STAMP_MARGIN;
    const right = band.x + band.width - STAMP_MARGIN;
    const bottom = band.y + STAMP_MARGIN;
    page.drawRectangle({ x: band.x, y: band.y, width: band.width, height: STAMP_BAND_HEIGHT, color: rgb(1, 1, 1) });
    page.drawLine({ start: { x: left, y: band.y + STAMP_BAND_HEIGHT - 6 }, end: { x: right, y: band.y + STAMP_BAND_HEIGHT - 6 }, thickness: 0.5, color: GREY });
    page.drawImage(qr, { x: left, y: bottom + (STAMP_BAND_HEIGHT - 2 * STAMP_MARGIN - QR_SIZE) / 2, width: QR_SIZE, height: QR_SIZE });
    // One line per baseline, Arabic first: text extraction reads each line whole. The lowest baseline
    // leaves room for descenders above the margin. On a narrow page a line gets a smaller size rather
    // than running off the page.
    const textLeft = left + QR_SIZE + 10;
    const room = right - textLeft;
    const fit = (text: string, size: number, face: PDFFont) => Math.min(size, room / face.widthOfTextAtSize(text, 1));
    drawRightToLeft(page, arabicLine, { right, y: bottom + 70, size: fit(arabicLine, 10, font), font });
    drawRightToLeft(page, hint, { right, y: bottom + 57, size: fit(hint, 8, font), font, color: GREY });
    page.drawText(englishLine, { x: textLeft, y: bottom + 44, size: fit(englishLine, 9, font), font });
    page.drawText(codeLine, { x: textLeft, y: bottom + 30, size: fit(codeLine, 10, bold), font: bold });
    page.drawText(verifyAt, { x: textLeft, y: bottom + 17, size: fit(verifyAt, 7.5, font), font });
    page.drawText(en("stamp.hashNote"), { x: textLeft, y: bottom + 5, size: fit(en("stamp.hashNote"), 7, font), font, color: GREY });
  }
  pdf.setProducer("Documents & Attestations");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  return { bytes: await pdf.save(), totalPages: pdf.getPageCount() };
}

/**
 * Grows the page's visible area downwards by the band, in the page's own coordinates: the media box and
 * every box the page sets (crop, bleed, trim, art) start the band's height lower. Returns the band.
 */
function addBand(page: PDFPage) {
  const visible = page.getCropBox();
  const band = { x: visible.x, y: visible.y - STAMP_BAND_HEIGHT, width: visible.width };
  const media = page.getMediaBox();
  const grown = (box: { x: number; y: number; width: number; height: number }) => [box.x, Math.min(box.y, band.y), box.width, box.y + box.height - Math.min(box.y, band.y)] as const;
  page.setMediaBox(...grown(media));
  page.setCropBox(...grown(visible));
  for (const [get, set] of [
    [page.getBleedBox, page.setBleedBox],
    [page.getTrimBox, page.setTrimBox],
    [page.getArtBox, page.setArtBox],
  ] as const) {
    set.call(page, ...grown(get.call(page)));
  }
  return band;
}

/**
 * Draws a right-to-left line ending at `right`. fontkit lays each run out in its own direction but does
 * no bidi: the line is cut into runs of one embedding level (bidi-js), mirrored characters (brackets) are
 * swapped in right-to-left runs, and the runs are placed from the right in logical order.
 */
function drawRightToLeft(page: PDFPage, text: string, options: { right: number; y: number; size: number; font: PDFFont; color?: ReturnType<typeof rgb> }) {
  const { levels } = bidi.getEmbeddingLevels(text, "rtl");
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const chars = text.split("").map((char, index) => mirrored.get(index) ?? char);
  let x = options.right;
  let start = 0;
  for (let end = 1; end <= chars.length; end++) {
    if (end < chars.length && levels[end] === levels[start]) continue;
    const run = chars.slice(start, end).join("");
    x -= options.font.widthOfTextAtSize(run, options.size);
    page.drawText(run, { x, y: options.y, size: options.size, font: options.font, color: options.color });
    start = end;
  }
}

async function imageToPdf(input: StampInput) {
  const pdf = await PDFDocument.create();
  const image = input.mimeType === "image/png" ? await pdf.embedPng(input.bytes) : await pdf.embedJpg(input.bytes);
  // With the stamp's band below it, the page is A4.
  const pageHeight = A4[1] - STAMP_BAND_HEIGHT;
  const page = pdf.addPage([A4[0], pageHeight]);
  const maxWidth = A4[0] - 60;
  const maxHeight = pageHeight - 60;
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (A4[0] - width) / 2, y: (pageHeight - height) / 2, width, height });
  return pdf;
}
