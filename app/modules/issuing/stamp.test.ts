import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { STAMP_BAND_HEIGHT, STAMP_MARGIN, stampDocument } from "./stamp.server";

/**
 * The stamp never hides the page (docs/architecture.md §6.3), read back with Poppler: `pdftotext -bbox` for where each word
 * is, `pdftoppm` for where the ink is (the QR code), `pdffonts` for what is embedded.
 */
interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

function wordsOf(bytes: Uint8Array): { width: number; height: number; words: Word[] } {
  const html = execFileSync("pdftotext", ["-q", "-bbox", "-", "-"], { input: bytes }).toString("utf8");
  const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(html)!;
  const words = [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
    text: match[5],
  }));
  return { width: Number(page[1]), height: Number(page[2]), words };
}

const overlaps = (a: Word, b: Word) => a.xMin < b.xMax && b.xMin < a.xMax && a.yMin < b.yMax && b.yMin < a.yMax;

/** A page whose words reach every edge, in an embedded font (as a real issuer's PDF would be). */
async function edgeToEdgePdf() {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(
    fs.readFileSync(createRequire(import.meta.url).resolve("vazirmatn/fonts/ttf/Vazirmatn-Regular.ttf")),
    { subset: true },
  );
  const page = pdf.addPage([595, 842]);
  const size = 10;
  const word = (text: string, x: number, y: number) => page.drawText(text, { x, y, size, font });
  word("TopLeft", 1, 842 - size - 2);
  word("TopRight", 595 - font.widthOfTextAtSize("TopRight", size) - 1, 842 - size - 2);
  word("Middle", 280, 421);
  // Where issuers sign and seal: the last lines of the page, down to its very edge.
  word("Signature", 40, 40);
  word("Seal", 480, 30);
  word("BottomLeft", 1, 2);
  word("BottomRight", 595 - font.widthOfTextAtSize("BottomRight", size) - 1, 2);
  return pdf.save();
}

const STAMP = {
  mimeType: "application/pdf" as const,
  code: "ABCDEFGHJKMNPQRS",
  verificationUrl: "https://docs.example/verify/ABCDEFGHJKMNPQRS",
  kind: "REQUEST" as const,
  issuer: { id: 1, en: "Demo University", ar: "الجامعة التجريبية" },
  issuedAt: new Date("2026-06-30T10:00:00Z"),
};

describe("the stamp", () => {
  it("goes in a band below the page: every word of the page keeps its place, and no stamp word overlaps one", async () => {
    const original = await edgeToEdgePdf();
    const before = wordsOf(original);
    const { bytes } = await stampDocument({ ...STAMP, bytes: original });
    const after = wordsOf(bytes);
    expect(after.width).toBe(before.width);
    expect(after.height).toBeCloseTo(before.height + STAMP_BAND_HEIGHT, 1);
    expect(before.words.map((word) => word.text).sort()).toEqual([
      "BottomLeft",
      "BottomRight",
      "Middle",
      "Seal",
      "Signature",
      "TopLeft",
      "TopRight",
    ]);
    const stampWords = [...after.words];
    for (const word of before.words) {
      // Measured from the top, a word is where it was (from the bottom, it moved up by the band).
      const index = stampWords.findIndex(
        (candidate) =>
          candidate.text === word.text &&
          Math.abs(candidate.xMin - word.xMin) < 0.5 &&
          Math.abs(candidate.yMin - word.yMin) < 0.5,
      );
      expect(index, `${word.text} keeps its place`).toBeGreaterThanOrEqual(0);
      stampWords.splice(index, 1);
    }
    expect(stampWords.map((word) => word.text).join(" ")).toContain("ABCD-EFGH-JKMN-PQRS");
    for (const stampWord of stampWords) {
      for (const word of before.words)
        expect(overlaps(stampWord, word), `${stampWord.text} over ${word.text}`).toBe(false);
      expect(stampWord.yMin, stampWord.text).toBeGreaterThanOrEqual(before.height);
      expect(stampWord.xMin, stampWord.text).toBeGreaterThanOrEqual(STAMP_MARGIN - 0.5);
      expect(stampWord.xMax, stampWord.text).toBeLessThanOrEqual(after.width - STAMP_MARGIN + 0.5);
      expect(stampWord.yMax, stampWord.text).toBeLessThanOrEqual(after.height - STAMP_MARGIN + 0.5);
    }
  });

  it("keeps its ink, the QR code included, 18 pt inside every edge of the band", async () => {
    const { bytes } = await stampDocument({ ...STAMP, bytes: await edgeToEdgePdf() });
    const png = PNG.sync.read(execFileSync("pdftoppm", ["-r", "72", "-png", "-singlefile", "-"], { input: bytes }));
    const bandTop = png.height - STAMP_BAND_HEIGHT + 8; // below the band's rule
    let [minX, maxX, maxY] = [Infinity, -Infinity, -Infinity];
    for (let y = bandTop; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const at = (y * png.width + x) * 4;
        if (png.data[at] + png.data[at + 1] + png.data[at + 2] > 600) continue;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
    }
    expect(minX).toBeGreaterThanOrEqual(STAMP_MARGIN - 1);
    expect(png.width - 1 - maxX).toBeGreaterThanOrEqual(STAMP_MARGIN - 1);
    expect(png.height - 1 - maxY).toBeGreaterThanOrEqual(STAMP_MARGIN - 2);
  });

  it("embeds every font of the stamped file", async () => {
    const { bytes } = await stampDocument({ ...STAMP, bytes: await edgeToEdgePdf() });
    const rows = execFileSync("pdffonts", ["-"], { input: bytes }).toString("utf8").trim().split("\n").slice(2);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.split(/\s+/).at(-5), row).toBe("yes");
  });
});
