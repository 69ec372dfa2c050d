// The stamp, drawn in a worker thread within limits (stamp.server.ts starts it with createBoundedWorker): a
// thousand-page PDF or a large image keeps no request worker's event loop busy. Plain CommonJS, evaluated as
// the worker's source; the texts, the QR code and the fonts come ready from the main thread.
const { parentPort, workerData } = require("node:worker_threads");
const baseFontkit = require(workerData.modules.fontkit);
// Parsing a font is most of what embedding one costs (tens of ms for Vazirmatn): the thread parses each face once
// and hands pdf-lib the parsed face for every document (pdf-lib subsets from it, leaving it unchanged).
const parsedFonts = new Map();
// Shaping a line (Arabic joining, kerning) is the other large part: the stamp's lines and a template's words recur
// from one document to the next, so each face keeps its layouts of recent texts (pdf-lib only reads them).
const LAYOUTS_KEPT = 5000;
function withLayoutCache(font) {
  const layout = font.layout.bind(font);
  const kept = new Map();
  font.layout = (text, features, ...rest) => {
    if (typeof text !== "string" || rest.length > 0) return layout(text, features, ...rest);
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    let run = kept.get(key);
    if (!run) {
      if (kept.size >= LAYOUTS_KEPT) kept.clear();
      run = layout(text, features);
      kept.set(key, run);
    }
    return run;
  };
  return font;
}
const fontkit = {
  ...baseFontkit,
  create(data, postscriptName) {
    let font = parsedFonts.get(data);
    if (!font) {
      font = withLayoutCache(baseFontkit.create(data, postscriptName));
      parsedFonts.set(data, font);
    }
    return font;
  },
};
const bidi = require(workerData.modules.bidi)();
const { GifReader } = require(workerData.modules.omggif);
const { PNG } = require(workerData.modules.pngjs);
const { PDFDocument, rgb, degrees, drawImage } = require(workerData.modules.pdfLib);
const { pdflibAddPlaceholder } = require(workerData.modules.placeholder);
const { findByteRange, removeTrailingNewLine } = require(workerData.modules.signpdfUtils);
const { createHash } = require("node:crypto");

/**
 * The signature's byte range filled in and the digest of what it covers, here, off the request threads: the
 * main thread only makes the CMS from the digest and writes it into the reserved space (docs/architecture.md §20).
 * As @signpdf/signpdf does it, without its copies of the whole file.
 */
function prepareSignature(saved) {
  const pdf = removeTrailingNewLine(Buffer.from(saved.buffer, saved.byteOffset, saved.byteLength));
  const { byteRangePlaceholder, byteRangePlaceholderPosition } = findByteRange(pdf);
  const byteRangeEnd = byteRangePlaceholderPosition + byteRangePlaceholder.length;
  const contentsAt = pdf.indexOf("/Contents ", byteRangeEnd);
  const open = pdf.indexOf("<", contentsAt);
  const close = pdf.indexOf(">", open);
  const range = [0, open, close + 1, pdf.length - (close + 1)];
  const actual = `/ByteRange [${range.join(" ")}]`;
  pdf.write(actual + " ".repeat(byteRangePlaceholder.length - actual.length), byteRangePlaceholderPosition, "latin1");
  const digest = createHash("sha256").update(pdf.subarray(0, range[1])).update(pdf.subarray(range[2])).digest();
  return { bytes: pdf, signing: { digest: new Uint8Array(digest), at: open + 1, length: close - open - 1 } };
}

const { bandHeight, margin, qrSize, a4 } = workerData.layout;
const GREY = rgb(0.35, 0.35, 0.35);

/**
 * Grows the page's visible area downwards by the band, in the page's own coordinates: the media box and
 * every box the page sets (crop, bleed, trim, art) start the band's height lower. Returns the band.
 */
function addBand(page) {
  const visible = page.getCropBox();
  const band = { x: visible.x, y: visible.y - bandHeight, width: visible.width };
  const grown = (box) => [box.x, Math.min(box.y, band.y), box.width, box.y + box.height - Math.min(box.y, band.y)];
  page.setMediaBox(...grown(page.getMediaBox()));
  page.setCropBox(...grown(visible));
  page.setBleedBox(...grown(page.getBleedBox()));
  page.setTrimBox(...grown(page.getTrimBox()));
  page.setArtBox(...grown(page.getArtBox()));
  return band;
}

/**
 * Draws a right-to-left line ending at `right`. fontkit lays each run out in its own direction but does
 * no bidi: the line is cut into runs of one embedding level (bidi-js), mirrored characters (brackets) are
 * swapped in right-to-left runs, and the runs are placed from the right in logical order.
 */
function drawRightToLeft(page, text, options) {
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

/** pdf-lib embeds PNG and JPEG only: a GIF's first frame becomes a PNG. */
function gifToPng(bytes) {
  const reader = new GifReader(Buffer.from(bytes));
  const png = new PNG({ width: reader.width, height: reader.height });
  reader.decodeAndBlitFrameRGBA(0, png.data);
  return PNG.sync.write(png);
}

/** An image on a page that, with the stamp's band below it, is A4. */
async function imageToPdf(bytes, mimeType) {
  const pdf = await PDFDocument.create();
  const image =
    mimeType === "image/jpeg"
      ? await pdf.embedJpg(bytes)
      : await pdf.embedPng(mimeType === "image/gif" ? gifToPng(bytes) : bytes);
  const pageHeight = a4[1] - bandHeight;
  const page = pdf.addPage([a4[0], pageHeight]);
  const scale = Math.min((a4[0] - 60) / image.width, (pageHeight - 60) / image.height, 1);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (a4[0] - width) / 2, y: (pageHeight - height) / 2, width, height });
  return pdf;
}

/**
 * The QR code as an 8-bit grey image, one square of pixels a module: written as it is (no PNG to decode and
 * re-compress), and drawn without interpolation so that every viewer and printer keeps the modules sharp.
 */
function embedQr(pdf, qr) {
  return pdf.context.register(
    pdf.context.flateStream(qr.pixels, {
      Type: "XObject",
      Subtype: "Image",
      Width: qr.width,
      Height: qr.width,
      ColorSpace: "DeviceGray",
      BitsPerComponent: 8,
      Interpolate: false,
    }),
  );
}

/** Draws the embedded QR code on a page (pdf-lib's drawImage takes only the images it embedded itself). */
function drawQr(page, ref, box) {
  const name = page.node.newXObject("QrCode", ref);
  const straight = degrees(0);
  page.pushOperators(...drawImage(name, { ...box, rotate: straight, xSkew: straight, ySkew: straight }));
}

async function stamp({ bytes, mimeType, qr: qrImage, lines, signature }) {
  const pdf = mimeType === "application/pdf" ? await PDFDocument.load(bytes) : await imageToPdf(bytes, mimeType);
  pdf.registerFontkit(fontkit);
  const qr = embedQr(pdf, qrImage);
  const font = await pdf.embedFont(workerData.fonts.regular, { subset: true });
  const bold = await pdf.embedFont(workerData.fonts.bold, { subset: true });
  for (const page of pdf.getPages()) {
    const band = addBand(page);
    const left = band.x + margin;
    const right = band.x + band.width - margin;
    const bottom = band.y + margin;
    page.drawRectangle({ x: band.x, y: band.y, width: band.width, height: bandHeight, color: rgb(1, 1, 1) });
    page.drawLine({
      start: { x: left, y: band.y + bandHeight - 6 },
      end: { x: right, y: band.y + bandHeight - 6 },
      thickness: 0.5,
      color: GREY,
    });
    drawQr(page, qr, { x: left, y: bottom + (bandHeight - 2 * margin - qrSize) / 2, width: qrSize, height: qrSize });
    // One line per baseline, Arabic first: text extraction reads each line whole. The lowest baseline
    // leaves room for descenders above the margin. On a narrow page a line gets a smaller size rather
    // than running off the page.
    const textLeft = left + qrSize + 10;
    const room = right - textLeft;
    const fit = (text, size, face) => Math.min(size, room / face.widthOfTextAtSize(text, 1));
    drawRightToLeft(page, lines.arabic, { right, y: bottom + 70, size: fit(lines.arabic, 10, font), font });
    drawRightToLeft(page, lines.hint, { right, y: bottom + 57, size: fit(lines.hint, 8, font), font, color: GREY });
    page.drawText(lines.english, { x: textLeft, y: bottom + 44, size: fit(lines.english, 9, font), font });
    page.drawText(lines.code, { x: textLeft, y: bottom + 30, size: fit(lines.code, 10, bold), font: bold });
    page.drawText(lines.verifyAt, { x: textLeft, y: bottom + 17, size: fit(lines.verifyAt, 7.5, font), font });
    page.drawText(lines.hashNote, {
      x: textLeft,
      y: bottom + 5,
      size: fit(lines.hashNote, 7, font),
      font,
      color: GREY,
    });
  }
  pdf.setProducer("Documents & Attestations");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  // The organisation's signature goes after the stamp (docs/architecture.md §20): its placeholder is made here, in
  // the same save, and filled in by the main thread. Object streams would compress the placeholder out of reach.
  if (signature) {
    pdflibAddPlaceholder({
      pdfDoc: pdf,
      reason: signature.reason,
      name: signature.name,
      contactInfo: "",
      location: "",
      signatureLength: signature.length,
      subFilter: "ETSI.CAdES.detached",
    });
  }
  const saved = await pdf.save(signature ? { useObjectStreams: false } : {});
  if (!signature) return { ok: true, bytes: saved, totalPages: pdf.getPageCount() };
  const prepared = prepareSignature(saved);
  const signed = new Uint8Array(prepared.bytes.buffer, prepared.bytes.byteOffset, prepared.bytes.byteLength);
  return { ok: true, bytes: signed, totalPages: pdf.getPageCount(), signing: prepared.signing };
}

/** Lines of at most `width` points, broken between words (a word longer than a line stands alone). */
function wrap(text, font, size, width) {
  const lines = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A document drawn from a category's template (docs/architecture.md §21), its placeholders already filled: the logo
 * at the top, the Arabic title and text right to left (the stamp's bidi drawing), then the English ones, the
 * signature image at the end; a draft is watermarked. The stamp's band is added after, as to any upload.
 */
async function renderTemplate({ page: size, title, body, logo, signatureImage, watermark }) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(workerData.fonts.regular, { subset: true });
  const bold = await pdf.embedFont(workerData.fonts.bold, { subset: true });
  const [width, height] = size;
  const page = pdf.addPage([width, height]);
  const left = 56;
  const right = width - 56;
  const measure = right - left;
  let y = height - 56;
  const embed = (image) => (image.mimeType === "image/jpeg" ? pdf.embedJpg(image.bytes) : pdf.embedPng(image.bytes));
  if (logo) {
    const image = await embed(logo);
    const scale = Math.min(64 / image.height, 160 / image.width, 1);
    page.drawImage(image, {
      x: (width - image.width * scale) / 2,
      y: y - image.height * scale,
      width: image.width * scale,
      height: image.height * scale,
    });
    y -= image.height * scale + 24;
  }
  const block = (text, face, fontSize, rightToLeft) => {
    for (const line of wrap(text, face, fontSize, measure)) {
      y -= fontSize * 1.5;
      if (rightToLeft) drawRightToLeft(page, line, { right, y, size: fontSize, font: face });
      else page.drawText(line, { x: left, y, size: fontSize, font: face });
    }
    y -= fontSize;
  };
  block(title.ar, bold, 18, true);
  block(body.ar, font, 12, true);
  y -= 12;
  block(title.en, bold, 18, false);
  block(body.en, font, 12, false);
  if (signatureImage) {
    const image = await embed(signatureImage);
    const scale = Math.min(56 / image.height, 180 / image.width, 1);
    page.drawImage(image, {
      x: right - image.width * scale,
      y: Math.max(40, y - 24 - image.height * scale),
      width: image.width * scale,
      height: image.height * scale,
    });
  }
  // A draft says so across the page, in both languages, one word a line (each a single run: no bidi needed).
  if (watermark) {
    const angle = Math.atan2(height, width);
    watermark.forEach((word, index) => {
      const fontSize = Math.min(90, (Math.hypot(width, height) * 0.5) / bold.widthOfTextAtSize(word, 1));
      const textWidth = bold.widthOfTextAtSize(word, fontSize);
      const shift = (index - (watermark.length - 1) / 2) * fontSize * 1.4;
      page.drawText(word, {
        x: width / 2 - (Math.cos(angle) * textWidth) / 2 + Math.sin(angle) * shift,
        y: height / 2 - (Math.sin(angle) * textWidth) / 2 - Math.cos(angle) * shift,
        size: fontSize,
        font: bold,
        color: rgb(0.85, 0.2, 0.2),
        opacity: 0.25,
        rotate: { type: "radians", angle },
      });
    });
  }
  pdf.setProducer("Documents & Attestations");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  return { ok: true, bytes: await pdf.save(), totalPages: 1 };
}

parentPort.postMessage({ ready: true });
parentPort.on("message", async ({ id, ...job }) => {
  let result;
  try {
    result = job.kind === "template" ? await renderTemplate(job) : await stamp(job);
  } catch {
    result = { ok: false };
  }
  parentPort.postMessage({ id, result }, result.ok ? [result.bytes.buffer] : []);
});
