import { Refusal, refused } from "~/platform/outcome";
import fs from "node:fs";
import { createRequire } from "node:module";
import QRCode from "qrcode";
import { createBoundedWorker } from "~/platform/workers/bounded-worker.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import { formatCode } from "~/modules/verification/code";
import { fileURLToPath } from "node:url";

// The worker's source as text: bundled by Vite (the server build, Vitest); read from the source tree when a script
// runs under tsx (the bench, the seed), which has no `?raw` imports.
const STAMP_WORKER_SOURCE: string = import.meta.env
  ? (await import("./stamp.worker.js?raw")).default
  : fs.readFileSync(fileURLToPath(new URL("./stamp.worker.js", import.meta.url)), "utf8");

/** The band added below each page for the stamp: nothing of the page is drawn over (docs/architecture.md §6.3). */
export const STAMP_BAND_HEIGHT = 112;
/** Printers cut up to about 5 mm of a sheet's edge: the QR code and every line stay 18 pt (6.35 mm) inside. */
export const STAMP_MARGIN = 18;

/**
 * Stamping runs in a worker thread (stamp.worker.js) within these limits (README, Security limits): the
 * PDF check let through at most 1,000 pages and 200 MB of inflated streams, which this stamps in seconds.
 */
export const STAMP_LIMITS = { timeoutMs: 60_000, maxHeapMb: 1024 };

import { SIGNATURE_LENGTH, type PreparedSignature } from "~/modules/signing/sign-pdf.server";

const resolve = createRequire(import.meta.url).resolve;
// Vazirmatn (SIL Open Font License, the `vazirmatn` package) has Arabic and Latin letters: fontkit shapes
// the Arabic (joined forms) and lays a right-to-left run out right to left. Both faces are embedded as
// subsets, so the stamp prints the same everywhere (no standard font left to the reader's substitute).
export const fontFile = (face: "Regular" | "Bold") =>
  fs.readFileSync(resolve(`vazirmatn/fonts/ttf/Vazirmatn-${face}.ttf`));

/** What a PDF's own metadata says (its Info dictionary and catalog): the same issue time as the stamp. */
export interface PdfMeta {
  /** ISO 8601: CreationDate and ModDate. */
  issuedAt: string;
  /** The document's names, Arabic then English. */
  title?: string;
  lang?: "ar" | "en";
}

/**
 * A value put into a sentence, isolated as `<bdi>` isolates it (FSI ... PDI, UAX #9): a code, a number, an email
 * or a Latin name inside Arabic keeps its own order and leaves the sentence's around it alone. Marks, embeddings,
 * overrides and isolates of its own are dropped first: whoever typed the value does not steer how it is printed.
 */
export const isolate = (value: string) =>
  `\u2068${value.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")}\u2069`;

type StampJob = {
  bytes: Uint8Array;
  mimeType: StampInput["mimeType"];
  /** The QR code's pixels, grey, `width` a side. */
  qr: { width: number; pixels: Uint8Array };
  lines: Record<"arabic" | "hint" | "english" | "code" | "verifyAt" | "hashNote", string>;
  signature?: { name: string; reason: string; length: number };
  meta: PdfMeta;
};
type StampAnswer = { ok: true; bytes: Uint8Array; totalPages: number; signing?: PreparedSignature } | { ok: false };

/** A document drawn from a template (docs/architecture.md §21): its texts filled, its images read. */
export type TemplateJob = {
  kind: "template";
  /** Width and height in points. */
  page: [number, number];
  title: { en: string; ar: string };
  body: { en: string; ar: string };
  logo?: { bytes: Uint8Array; mimeType: string };
  signatureImage?: { bytes: Uint8Array; mimeType: string };
  /** A draft's words across the page, one a line. */
  watermark?: string[];
  meta: PdfMeta;
};

/** A template's PNG image, normalised once at upload (stamp.worker.js, normalisePng). */
type PngJob = { kind: "png"; bytes: Uint8Array; maxSide: number };

/**
 * Two stamping threads a process, shared between organisations in turn (bounded-worker.server.ts): one
 * organisation's queue of large files or previews uses one thread, and another's document starts on the other.
 */
const STAMP_THREADS = 2;

let stampWorker: ReturnType<typeof createBoundedWorker<StampJob | TemplateJob | PngJob, StampAnswer>> | null = null;
const worker = () =>
  (stampWorker ??= createBoundedWorker<StampJob | TemplateJob | PngJob, StampAnswer>(
    STAMP_WORKER_SOURCE,
    {
      modules: {
        fontkit: resolve("@pdf-lib/fontkit"),
        bidi: resolve("bidi-js"),
        omggif: resolve("omggif"),
        pngjs: resolve("pngjs"),
        pdfLib: resolve("pdf-lib"),
        placeholder: resolve("@signpdf/placeholder-pdf-lib"),
        signpdfUtils: resolve("@signpdf/utils"),
      },
      fonts: { regular: fontFile("Regular"), bold: fontFile("Bold") },
      layout: { bandHeight: STAMP_BAND_HEIGHT, margin: STAMP_MARGIN, qrSize: 64, a4: [595.28, 841.89] },
    },
    STAMP_LIMITS,
    { threads: STAMP_THREADS },
  ));

/** Starts the stamp's thread (the server does at start: its first start took 30-50 ms of the event loop). */
export const warmStampWorker = () => worker().warm();

// Made once, when the server starts: a first Intl.DateTimeFormat of a locale loads its data (15-20 ms of the
// event loop, seen in a profile of issuing).
// The stamp gives the date in both calendars, Gregorian and Hijri (Umm al-Qura), as official papers in the
// region do (docs/architecture.md §9).
const DATE_FORMATS = {
  ar: [
    new Intl.DateTimeFormat("ar-u-nu-latn", { dateStyle: "long", timeZone: "UTC" }),
    new Intl.DateTimeFormat("ar-u-ca-islamic-umalqura-nu-latn", { dateStyle: "long", timeZone: "UTC" }),
  ],
  en: [
    new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }),
    new Intl.DateTimeFormat("en-GB-u-ca-islamic-umalqura", { dateStyle: "long", timeZone: "UTC" }),
  ],
};

/** A file the stamp could not be drawn on: unreadable, or past the limits (its message is the upload check's). */
const stampRefused = (reason: "invalid" | "too-complex") =>
  new Refusal(refused(reason === "too-complex" ? "validation.pdfTooComplex" : "validation.invalidDocumentFileType"));

export interface StampInput {
  bytes: Uint8Array;
  mimeType: "application/pdf" | "image/png" | "image/jpeg" | "image/gif";
  code: string;
  verificationUrl: string;
  /** A request's document says "Issued by", an attested copy "Attested by" (docs/architecture.md §6.4). */
  kind: "REQUEST" | "ATTESTATION";
  /** The organisation that issued (or attested) the document, in both languages; its id is its stamping lane. */
  issuer: { id: number; en: string; ar: string };
  issuedAt: Date;
  /** The document's names (the PDF's Title). */
  title?: { en: string; ar: string };
  /** Leave room for the organisation's signature, made after the stamp (docs/architecture.md §20). */
  signature?: { name: string; reason: string };
}

/**
 * docs/architecture.md §6.3: every page of the issued PDF carries the QR code of the verification URL, and a bilingual
 * stamp (texts from locales): who issued it and when, in Arabic and in English, the code and the link.
 * The stamp goes in a band added below the page (the page's boxes grow downwards, so what the issuer drew
 * keeps its place and nothing of it is covered: signatures, seals and footers sit at the bottom). An image
 * (PNG, JPEG, or a GIF's first frame) is first placed on a page that, with the band, is A4. Returns the
 * stamped PDF bytes and its page count; throws a Refusal.
 */
export async function stampDocument(
  input: StampInput,
): Promise<{ bytes: Uint8Array; totalPages: number; signing?: PreparedSignature }> {
  const en = i18nFor("en").t;
  const ar = i18nFor("ar").t;
  const date = (lng: keyof typeof DATE_FORMATS) => {
    const [gregorian, hijri] = DATE_FORMATS[lng];
    return isolate(`${gregorian.format(input.issuedAt)} (${hijri.format(input.issuedAt)})`);
  };
  const line = input.kind === "ATTESTATION" ? "stamp.attestedBy" : "stamp.issuedBy";
  const lines = {
    arabic: ar(line, { organisation: isolate(input.issuer.ar), date: date("ar") }),
    hint: ar("stamp.verifyHint"),
    english: en(line, { organisation: input.issuer.en, date: date("en") }),
    code: `${en("stamp.code")} / ${formatCode(input.code)}`,
    verifyAt: `${en("stamp.verifyAt")}: ${input.verificationUrl}`,
    hashNote: en("stamp.hashNote"),
  };
  const qr = qrPixels(input.verificationUrl);
  const bytes = new Uint8Array(input.bytes);
  const signature = input.signature && { ...input.signature, length: SIGNATURE_LENGTH };
  const meta: PdfMeta = {
    issuedAt: input.issuedAt.toISOString(),
    title: input.title && `${input.title.ar} / ${input.title.en}`,
    lang: "ar",
  };
  const answer = await worker().run(
    { bytes, mimeType: input.mimeType, qr, lines, signature, meta },
    [bytes.buffer as ArrayBuffer, qr.pixels.buffer as ArrayBuffer],
    laneOf(input.issuer.id),
  );
  if (!answer.done) throw stampRefused("too-complex");
  if (!answer.result.ok) throw stampRefused("invalid");
  return { bytes: answer.result.bytes, totalPages: answer.result.totalPages, signing: answer.result.signing };
}

/** Pixels a QR module: 4 gives a 29-module code 124 px, crisp at the stamp's 64 pt (about 140 dpi). */
const QR_MODULE_PIXELS = 4;

/**
 * The QR code of a link as grey pixels (black modules, a white quiet zone of one module), drawn here rather than as a
 * PNG: encoding and then decoding a PNG cost issuing more than all the rest of the QR code (a profile of bulk issuance).
 */
export function qrPixels(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const side = modules.size + 2;
  const width = side * QR_MODULE_PIXELS;
  const pixels = new Uint8Array(width * width).fill(255);
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let dy = 0; dy < QR_MODULE_PIXELS; dy++) {
        const start = ((row + 1) * QR_MODULE_PIXELS + dy) * width + (column + 1) * QR_MODULE_PIXELS;
        pixels.fill(0, start, start + QR_MODULE_PIXELS);
      }
    }
  return { width, pixels };
}

const laneOf = (organisationId: number) => `organisation:${organisationId}`;

/**
 * Draws a template's document in the stamp's thread (its fonts and right-to-left drawing), in its organisation's
 * lane; throws a Refusal.
 */
export async function renderTemplatePdf(job: TemplateJob, organisationId: number): Promise<Uint8Array> {
  const answer = await worker().run(job, [], laneOf(organisationId));
  if (!answer.done) throw stampRefused("too-complex");
  if (!answer.result.ok) throw stampRefused("invalid");
  return answer.result.bytes;
}

/** The longest side, in pixels, of a template's image once normalised: 3.3 inches at 300 dpi. */
export const TEMPLATE_IMAGE_MAX_SIDE = 1000;

/**
 * A template's PNG as it will be stored and drawn: 8 bits a channel, no side longer than TEMPLATE_IMAGE_MAX_SIDE
 * (in the stamp's thread, in the organisation's lane). Null when it cannot be read within the stamp's limits.
 */
export async function normalisedPng(bytes: Uint8Array, organisationId: number): Promise<Uint8Array | null> {
  const copy = new Uint8Array(bytes);
  const answer = await worker().run(
    { kind: "png", bytes: copy, maxSide: TEMPLATE_IMAGE_MAX_SIDE },
    [copy.buffer as ArrayBuffer],
    laneOf(organisationId),
  );
  return answer.done && answer.result.ok ? answer.result.bytes : null;
}
