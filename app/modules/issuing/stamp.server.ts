import fs from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import bidiFactory from "bidi-js";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { i18nFor } from "~/modules/i18n/instances.server";
import { formatCode } from "~/modules/verification/code";

const A4: [number, number] = [595.28, 841.89];
const FOOTER_HEIGHT = 92;
const GREY = rgb(0.35, 0.35, 0.35);

// Vazirmatn (SIL Open Font License, the `vazirmatn` package): fontkit shapes the Arabic letters (joined
// forms) and lays a right-to-left run out right to left; it is embedded as a subset.
const ARABIC_FONT = fs.readFileSync(createRequire(import.meta.url).resolve("vazirmatn/fonts/ttf/Vazirmatn-Regular.ttf"));
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
 * An image is first placed on an A4 page. Returns the stamped PDF bytes and its page count.
 */
export async function stampDocument(input: StampInput): Promise<{ bytes: Uint8Array; totalPages: number }> {
  const pdf = input.mimeType === "application/pdf" ? await PDFDocument.load(input.bytes) : await imageToPdf(input);
  pdf.registerFontkit(fontkit);
  const qr = await pdf.embedPng(await QRCode.toBuffer(input.verificationUrl, { type: "png", margin: 1, width: 240 }));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const arabic = await pdf.embedFont(ARABIC_FONT, { subset: true });
  const en = i18nFor("en").t;
  const ar = i18nFor("ar").t;
  const date = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(input.issuedAt);
  const line = input.kind === "ATTESTATION" ? "stamp.attestedBy" : "stamp.issuedBy";
  const arabicLine = ar(line, { organisation: input.issuer.ar, date: date("ar-u-nu-latn") });
  const englishLine = en(line, { organisation: input.issuer.en, date: date("en-GB") });
  const codeLine = `${en("stamp.code")} / ${formatCode(input.code)}`;
  for (const page of pdf.getPages()) {
    const { width } = page.getSize();
    page.drawRectangle({ x: 0, y: 0, width, height: FOOTER_HEIGHT, color: rgb(1, 1, 1), opacity: 0.92 });
    page.drawImage(qr, { x: 12, y: 14, width: 64, height: 64 });
    // One line per baseline, Arabic first: text extraction reads each line whole. On a narrow page a
    // line gets a smaller size rather than running off the page.
    const room = width - 86 - 10;
    const fit = (text: string, size: number, face: PDFFont) => Math.min(size, room / face.widthOfTextAtSize(text, 1));
    const hint = ar("stamp.verifyHint");
    const verifyAt = `${en("stamp.verifyAt")}: ${input.verificationUrl}`;
    drawRightToLeft(page, arabicLine, { right: width - 10, y: 78, size: fit(arabicLine, 10, arabic), font: arabic });
    drawRightToLeft(page, hint, { right: width - 10, y: 64, size: fit(hint, 8, arabic), font: arabic, color: GREY });
    page.drawText(englishLine, { x: 86, y: 50, size: fit(englishLine, 9, font), font });
    page.drawText(codeLine, { x: 86, y: 35, size: fit(codeLine, 11, bold), font: bold });
    page.drawText(verifyAt, { x: 86, y: 21, size: fit(verifyAt, 8, font), font });
    page.drawText(en("stamp.hashNote"), { x: 86, y: 9, size: fit(en("stamp.hashNote"), 7, font), font, color: GREY });
  }
  pdf.setProducer("Documents & Attestations");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  return { bytes: await pdf.save(), totalPages: pdf.getPageCount() };
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
  const page = pdf.addPage(A4);
  const maxWidth = A4[0] - 60;
  const maxHeight = A4[1] - FOOTER_HEIGHT - 60;
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (A4[0] - width) / 2, y: FOOTER_HEIGHT + (maxHeight - height) / 2 + 30, width, height });
  return pdf;
}
