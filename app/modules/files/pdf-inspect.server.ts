import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { createBoundedWorker } from "~/platform/workers/bounded-worker.server";

/**
 * Limits of the work one uploaded PDF may cost (README, Security limits): a page tree that lists a child twice, a tree
 * hundreds deep, or streams that inflate to more than maxInflatedMb in all (what a reader or the stamp would
 * have to decode) are refused instead of walked.
 */
export const PDF_LIMITS = {
  // CPU time, the thread's own: 1 s, and 2 ms more for each page the file says it has (at most 1,000). A busy
  // server's waits do not count (a valid 1,000-page file was refused on wall-clock time when the server was busy);
  // 30 s of wall-clock time is the backstop where /proc cannot tell CPU time.
  cpuMs: 1000,
  cpuMsPerUnit: 2, // a page
  timeoutMs: 30_000,
  maxPages: 1000,
  maxObjects: 50_000,
  maxDepth: 32,
  maxHeapMb: 192,
  maxInflatedMb: 200,
};

export type PdfInspection = { ok: true; pages: number } | { ok: false; reason: "invalid" | "too-complex" };

// The worker's source as text: bundled by Vite (the server build, Vitest); read from the source tree when a script
// runs under tsx (the bench, the seed), which has no `?raw` imports.
const WORKER_SOURCE: string = import.meta.env
  ? (await import("./pdf-inspect.worker.js?raw")).default
  : fs.readFileSync(fileURLToPath(new URL("./pdf-inspect.worker.js", import.meta.url)), "utf8");

const inspect = createBoundedWorker<{ bytes: Uint8Array }, PdfInspection>(
  WORKER_SOURCE,
  { pdfLib: createRequire(import.meta.url).resolve("pdf-lib"), limits: PDF_LIMITS },
  PDF_LIMITS,
);

/** Starts the PDF check's thread (the server does at start, so a first upload does not wait for it). */
export const warmPdfInspector = () => inspect.warm();

/**
 * Parses a PDF off the main thread, within PDF_LIMITS (time, heap, objects, page-tree depth, pages, inflated
 * stream bytes): its page count, or why it is refused. One file at a time per process; the time limit starts
 * when its turn comes and a worker is ready (a fresh worker's start is not the file's time).
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  const copy = new Uint8Array(bytes);
  const answer = await inspect.run({ bytes: copy }, [copy.buffer as ArrayBuffer]);
  return answer.done ? answer.result : { ok: false, reason: "too-complex" };
}
