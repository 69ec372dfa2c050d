import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { formatCode } from "~/modules/verification/code";

const A4: [number, number] = [595.28, 841.89];
const FOOTER_HEIGHT = 78;

export interface StampInput {
  bytes: Uint8Array;
  mimeType: "application/pdf" | "image/png" | "image/jpeg";
  code: string;
  verificationUrl: string;
}

/**
 * DESIGN 6.3: every page of the issued PDF carries the QR code of the verification URL and the code.
 * An image is first placed on an A4 page. Returns the stamped PDF bytes and its page count.
 */
export async function stampDocument(input: StampInput): Promise<{ bytes: Uint8Array; totalPages: number }> {
  const pdf = input.mimeType === "application/pdf" ? await PDFDocument.load(input.bytes) : await imageToPdf(input);
  const qr = await pdf.embedPng(await QRCode.toBuffer(input.verificationUrl, { type: "png", margin: 1, width: 240 }));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const page of pdf.getPages()) {
    const { width } = page.getSize();
    page.drawRectangle({ x: 0, y: 0, width, height: FOOTER_HEIGHT, color: rgb(1, 1, 1), opacity: 0.92 });
    page.drawImage(qr, { x: 12, y: 9, width: 60, height: 60 });
    page.drawText(`Verification code: ${formatCode(input.code)}`, { x: 82, y: 48, size: 11, font: bold });
    page.drawText(`Verify at: ${input.verificationUrl}`, { x: 82, y: 30, size: 8, font, maxWidth: width - 94 });
    page.drawText("SHA-256 of this file is recorded by the issuer.", { x: 82, y: 16, size: 7, font, color: rgb(0.4, 0.4, 0.4) });
  }
  pdf.setProducer("Documents & Attestations");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  return { bytes: await pdf.save(), totalPages: pdf.getPageCount() };
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
