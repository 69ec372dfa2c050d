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
  // Fontkit keeps one glyph object per id, made the first time the id is asked for; when that is in the middle of a
  // substitution, it is made without the letters it stands for, and the PDF's ToUnicode then has no entry for it
  // (pdftotext dropped the final heh of "لله" after "على الآخرة" had been laid out). A glyph asked for again with its
  // letters gets them.
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints, ...rest) => {
    const glyph = getGlyph(id, codePoints, ...rest);
    if (codePoints?.length && !glyph.codePoints?.length) glyph.codePoints = codePoints;
    return glyph;
  };
  const layout = font.layout.bind(font);
  const kept = new Map();
  font.layout = (text, features, ...rest) => {
    if (typeof text !== "string" || rest.length > 0) return readableLigatures(layout(text, features, ...rest));
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    let run = kept.get(key);
    if (!run) {
      if (kept.size >= LAYOUTS_KEPT) kept.clear();
      run = readableLigatures(layout(text, features));
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

/** The bidi controls: they steer the order of what is drawn, and are never drawn themselves. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const IS_BIDI_CONTROL = /^[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]$/;
const RIGHT_TO_LEFT_SCRIPT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;

/** A text without its bidi controls: what is measured and drawn. */
const visible = (text) => text.replace(BIDI_CONTROLS, "");

/**
 * A line's runs in the order they are seen from left to right (Unicode Bidirectional Algorithm, UAX #9, by
 * bidi-js): levels resolved with isolates (FSI, LRI, RLI ... PDI around placeholder values and codes), brackets
 * mirrored at odd levels, then rule L2 reverses the runs from the highest level down to the lowest odd one. Each
 * run keeps its characters in logical order: fontkit lays a run of Arabic out right to left itself; a right-to-left
 * run without a right-to-left letter (brackets, spaces) is reversed here, since fontkit would lay it left to right.
 */
function visualRuns(text, base) {
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const runs = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (IS_BIDI_CONTROL.test(char)) continue;
    const level = levels[index];
    const shown = mirrored.get(index) ?? char;
    const last = runs[runs.length - 1];
    if (last && last.level === level) last.text += shown;
    else runs.push({ level, text: shown });
  }
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level).filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--)
    for (let start = 0; start < runs.length;) {
      if (runs[start].level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < runs.length && runs[end].level >= level) end++;
      runs.splice(start, end - start, ...runs.slice(start, end).reverse());
      start = end;
    }
  return runs.map((run) =>
    run.level % 2 === 1 && !RIGHT_TO_LEFT_SCRIPT.test(run.text)
      ? { ...run, text: [...run.text].reverse().join("") }
      : run,
  );
}

/**
 * Draws a line in its paragraph direction: a right-to-left one ends at `right`, a left-to-right one starts at `left`.
 * Its runs are placed left to right in their visual order (visualRuns), so a code or a name written left to right
 * inside Arabic keeps its order, and Arabic inside English reads right to left.
 */
function drawLine(page, text, options) {
  const runs = visualRuns(text, options.base);
  const widths = runs.map((run) => options.font.widthOfTextAtSize(run.text, options.size));
  const total = widths.reduce((sum, width) => sum + width, 0);
  let x = options.base === "rtl" ? options.right - total : options.left;
  runs.forEach((run, index) => {
    page.drawText(run.text, { x, y: options.y, size: options.size, font: options.font, color: options.color });
    x += widths[index];
  });
}

/**
 * A glyph that stands for several Arabic letters (lam-alef) is mapped back to them in its ToUnicode entry in the order
 * a reader of the page's glyphs takes them: readers (poppler's pdftotext) reverse right-to-left text glyph by
 * glyph, the letters of each glyph included, so "لآ" written in logical order was read "آل" ("اآلخرة" for
 * "الآخرة"). Fontkit keeps one glyph object per id, so each is turned once.
 */
function readableLigatures(run) {
  for (const glyph of run.glyphs) {
    if (glyph.readableLigature || !glyph.codePoints || glyph.codePoints.length < 2) continue;
    if (!ARABIC.test(String.fromCodePoint(...glyph.codePoints))) continue;
    glyph.codePoints = [...glyph.codePoints].reverse();
    glyph.readableLigature = true;
  }
  return run;
}

/** The PDF's own metadata says what the stamp says: issued when, what, in which language (docs/architecture.md §20). */
function describe(pdf, meta) {
  const at = new Date(meta.issuedAt);
  pdf.setProducer("Documents & Attestations");
  pdf.setCreator("Documents & Attestations");
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  if (meta.title) pdf.setTitle(meta.title, { showInWindowTitleBar: true });
  pdf.setLanguage(meta.lang ?? "ar");
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

async function stamp({ bytes, mimeType, qr: qrImage, lines, signature, meta }) {
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
    const fit = (text, size, face) => Math.min(size, room / face.widthOfTextAtSize(visible(text), 1));
    const line = (text, base, y, size, face, color) =>
      drawLine(page, text, { base, left: textLeft, right, y, size: fit(text, size, face), font: face, color });
    line(lines.arabic, "rtl", bottom + 70, 10, font);
    line(lines.hint, "rtl", bottom + 57, 8, font, GREY);
    line(lines.english, "ltr", bottom + 44, 9, font);
    line(lines.code, "ltr", bottom + 30, 10, bold);
    line(lines.verifyAt, "ltr", bottom + 17, 7.5, font);
    line(lines.hashNote, "ltr", bottom + 5, 7, font, GREY);
  }
  describe(pdf, meta);
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
      if (line && font.widthOfTextAtSize(visible(candidate), size) > width) {
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
async function renderTemplate({ page: size, title, body, logo, signatureImage, watermark, meta }) {
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
      drawLine(page, line, { base: rightToLeft ? "rtl" : "ltr", left, right, y, size: fontSize, font: face });
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
  describe(pdf, meta);
  return { ok: true, bytes: await pdf.save(), totalPages: 1 };
}

/**
 * A template's PNG image made cheap to draw, once, at upload: 8 bits a channel (pngjs scales 16-bit down), and no
 * side longer than maxSide (each output pixel the mean of the pixels it covers). Drawing a 16-bit 5000x5000 logo
 * cost each preview 6 s; the normalised one is a few milliseconds.
 */
function normalisePng({ bytes, maxSide }) {
  const source = PNG.sync.read(Buffer.from(bytes));
  const scale = Math.min(1, maxSide / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const target = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    const top = Math.floor((y * source.height) / height);
    const bottom = Math.max(top + 1, Math.floor(((y + 1) * source.height) / height));
    for (let x = 0; x < width; x++) {
      const left = Math.floor((x * source.width) / width);
      const right = Math.max(left + 1, Math.floor(((x + 1) * source.width) / width));
      const sum = [0, 0, 0, 0];
      for (let sy = top; sy < bottom; sy++)
        for (let sx = left; sx < right; sx++) {
          const at = (sy * source.width + sx) * 4;
          for (let channel = 0; channel < 4; channel++) sum[channel] += source.data[at + channel];
        }
      const count = (bottom - top) * (right - left);
      const out = (y * width + x) * 4;
      for (let channel = 0; channel < 4; channel++) target.data[out + channel] = Math.round(sum[channel] / count);
    }
  }
  return { ok: true, bytes: new Uint8Array(PNG.sync.write(target, { colorType: 6, bitDepth: 8 })), width, height };
}

parentPort.postMessage({ ready: true });
parentPort.on("message", async ({ id, ...job }) => {
  let result;
  try {
    result =
      job.kind === "template" ? await renderTemplate(job) : job.kind === "png" ? normalisePng(job) : await stamp(job);
  } catch {
    result = { ok: false };
  }
  parentPort.postMessage({ id, result }, result.ok ? [result.bytes.buffer] : []);
});
