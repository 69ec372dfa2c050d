import os from "node:os";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import {
  cyclicPageTreePdf,
  deepPageTreePdf,
  duplicatedPageTreePdf,
  hugePng,
  inflatingStreamPdf,
  malformedGif,
} from "~/test/bombs";
import { onPostgres } from "~/test/db";
import { pdfBytes } from "~/test/files";
import { inspectPdf, PDF_LIMITS } from "./pdf-inspect.server";
import { checkAttestationFile, checkIssuableFile, checkSupportingFile } from "./upload.server";

const file = (name: string, bytes: Uint8Array) => ({ fieldName: "document.1", name, bytes });

/** The answer and how long it took, in milliseconds. */
async function timed<T>(work: () => Promise<T>) {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

describe("uploads cost bounded work", () => {
  const timeoutMs = PDF_LIMITS.timeoutMs;
  afterEach(() => {
    PDF_LIMITS.timeoutMs = timeoutMs;
  });

  it("refuses the 2.7 KB page-tree bomb in under a second, on every upload route", async () => {
    const bomb = duplicatedPageTreePdf(28);
    expect(bomb.byteLength).toBeLessThan(3000);
    for (const check of [checkSupportingFile, checkIssuableFile]) {
      const { result, ms } = await timed(() => check(file("invoice.pdf", bomb)));
      expect(result).toMatchObject({ ok: false, error: "validation.pdfTooComplex" });
      expect(ms).toBeLessThan(1000);
    }
    expect(await checkAttestationFile(file("diploma.pdf", bomb))).toMatchObject({
      ok: false,
      error: "validation.attestationFileType",
    });
  });

  it("refuses a page tree nested 300 deep, one that contains itself, and more than 1,000 pages", async () => {
    expect(await inspectPdf(deepPageTreePdf(300))).toMatchObject({ ok: false, reason: "too-complex" });
    expect(await inspectPdf(cyclicPageTreePdf())).toMatchObject({ ok: false, reason: "too-complex" });
    expect(await inspectPdf(await pdfBytes(1001))).toMatchObject({ ok: false, reason: "too-complex" });
    expect(await inspectPdf(new TextEncoder().encode("%PDF-1.4\nnothing else"))).toMatchObject({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses a PDF whose streams inflate past 200 MB, and takes one that stays under", async () => {
    const bomb = inflatingStreamPdf(PDF_LIMITS.maxInflatedMb + 20);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024); // a small upload
    const { result, ms } = await timed(() => inspectPdf(bomb));
    expect(result).toMatchObject({ ok: false, reason: "too-complex" });
    expect(ms).toBeLessThan(PDF_LIMITS.timeoutMs + 500);
    expect(await inspectPdf(inflatingStreamPdf(20))).toEqual({ ok: true, pages: 1 });
  });

  it("still counts the pages of ordinary PDFs, one after another and side by side", async () => {
    expect(await inspectPdf(deepPageTreePdf(20))).toEqual({ ok: true, pages: 1 });
    const answers = await Promise.all([1, 2, 3, 4].map(async (pages) => inspectPdf(await pdfBytes(pages))));
    expect(answers).toEqual([1, 2, 3, 4].map((pages) => ({ ok: true, pages })));
  });

  it("stops a parse that runs over its time, and the next file is inspected by a fresh worker", async () => {
    PDF_LIMITS.timeoutMs = 1;
    const big = await pdfBytes(900);
    expect(await inspectPdf(big)).toMatchObject({ ok: false, reason: "too-complex" });
    PDF_LIMITS.timeoutMs = timeoutMs;
    expect(await inspectPdf(await pdfBytes(2))).toEqual({ ok: true, pages: 2 });
  });

  // A fresh worker loads pdf-lib first (about 0.2 s idle, seconds on a loaded machine): that is not the file's time.
  it("does not count a fresh worker's start against the file's time limit", async () => {
    PDF_LIMITS.timeoutMs = 1;
    expect(await inspectPdf(await pdfBytes(900))).toMatchObject({ ok: false, reason: "too-complex" });
    PDF_LIMITS.timeoutMs = 150; // under the worker's start, far over a small file's parse (about 10 ms)
    expect(await inspectPdf(await pdfBytes(2))).toEqual({ ok: true, pages: 2 });
  });

  // The same on either database: the SQLite pass is enough.
  it.skipIf(onPostgres)(
    "checks a valid 1,000-page PDF while every core is busy: the limit is the parse's own CPU time",
    async () => {
      // Busy threads at normal priority, three a core: the check's thread, at a lower one, gets a few percent of the
      // machine and takes seconds of wall-clock time (a 1 s wall-clock limit refused the file).
      const bytes = await pdfBytes(1000);
      const busy = Array.from(
        { length: os.availableParallelism() * 3 },
        () => new Worker("const until = Date.now() + 30000; while (Date.now() < until);", { eval: true }),
      );
      try {
        const { result, ms } = await timed(() => inspectPdf(bytes));
        expect(result).toEqual({ ok: true, pages: 1000 });
        console.log(
          `a 1,000-page PDF checked in ${Math.round(ms)} ms of wall-clock time beside ${busy.length} busy threads`,
        );
      } finally {
        await Promise.all(busy.map((thread) => thread.terminate()));
      }
    },
  );

  it("stops a parse that runs over its CPU time", async () => {
    const cpuMs = PDF_LIMITS.cpuMs;
    const perPage = PDF_LIMITS.cpuMsPerUnit;
    PDF_LIMITS.cpuMs = 1;
    PDF_LIMITS.cpuMsPerUnit = 0;
    try {
      // Streams that inflate to 150 MB: half a second of CPU time or more, far over 1 ms.
      expect(await inspectPdf(inflatingStreamPdf(150))).toMatchObject({ ok: false, reason: "too-complex" });
    } finally {
      PDF_LIMITS.cpuMs = cpuMs;
      PDF_LIMITS.cpuMsPerUnit = perPage;
    }
    expect(await inspectPdf(await pdfBytes(2))).toEqual({ ok: true, pages: 2 });
  });

  it("refuses an image of more than 25 megapixels before decoding it, and a malformed GIF", async () => {
    const { result, ms } = await timed(() => checkIssuableFile(file("scan.png", hugePng())));
    expect(result).toMatchObject({ ok: false, error: "validation.imageTooLarge" });
    expect(ms).toBeLessThan(200);
    expect(await checkIssuableFile(file("stamp.gif", malformedGif()))).toMatchObject({
      ok: false,
      error: "validation.invalidImageFileType",
    });
    expect(await checkSupportingFile(file("photo.png", hugePng(5000, 5000)))).toEqual({
      ok: true,
      mimeType: "image/png",
      totalPages: null,
    });
  });
});
