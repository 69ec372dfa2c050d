import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * Limits of the work one uploaded PDF may cost (README, Security limits): a page tree that lists a child twice, a tree
 * hundreds deep or a stream that inflates without end is refused instead of walked.
 */
export const PDF_LIMITS = { timeoutMs: 1000, maxPages: 1000, maxObjects: 50_000, maxDepth: 32, maxHeapMb: 192 };

export type PdfInspection = { ok: true; pages: number } | { ok: false; reason: "invalid" | "too-complex" };

// Runs in a worker thread: pdf-lib parses the file, then the page tree is walked with a visited set and a
// depth bound (pdf-lib's own walk follows a repeated child again, exponentially).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { PDFDocument, PDFName, PDFDict, PDFArray, PDFRef } = require(workerData.pdfLib);
const limits = workerData.limits;
parentPort.postMessage({ ready: true });
parentPort.on("message", async ({ id, bytes }) => {
  const answer = (result) => parentPort.postMessage({ id, result });
  let pdf;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return answer({ ok: false, reason: "invalid" });
  }
  try {
    if (pdf.context.enumerateIndirectObjects().length > limits.maxObjects) return answer({ ok: false, reason: "too-complex" });
    const seen = new Set();
    const stack = [[pdf.catalog.get(PDFName.of("Pages")), 0]];
    let pages = 0;
    while (stack.length > 0) {
      const [entry, depth] = stack.pop();
      if (entry instanceof PDFRef) {
        if (seen.has(entry.tag)) return answer({ ok: false, reason: "too-complex" });
        seen.add(entry.tag);
      }
      if (depth > limits.maxDepth) return answer({ ok: false, reason: "too-complex" });
      const node = entry instanceof PDFRef ? pdf.context.lookup(entry) : entry;
      if (!(node instanceof PDFDict)) return answer({ ok: false, reason: "invalid" });
      const kids = node.lookup(PDFName.of("Kids"));
      if (kids instanceof PDFArray) {
        if (stack.length + kids.size() > limits.maxPages * 4) return answer({ ok: false, reason: "too-complex" });
        for (let i = kids.size() - 1; i >= 0; i--) stack.push([kids.get(i), depth + 1]);
      } else if (++pages > limits.maxPages) {
        return answer({ ok: false, reason: "too-complex" });
      }
    }
    if (pages === 0 || pdf.getPageCount() !== pages) return answer({ ok: false, reason: "invalid" });
    answer({ ok: true, pages });
  } catch {
    answer({ ok: false, reason: "invalid" });
  }
});
`;

const pdfLib = createRequire(import.meta.url).resolve("pdf-lib");

interface Job {
  id: number;
  bytes: Uint8Array;
  resolve: (result: PdfInspection) => void;
}

// The worker, and whether it has loaded pdf-lib: a file's time starts when a ready worker receives it.
let worker: { thread: Worker; ready: boolean } | null = null;
let running: (Job & { timer: NodeJS.Timeout; thread: Worker }) | null = null;
const queue: Job[] = [];
let nextId = 0;

function finish(result: PdfInspection) {
  if (!running) return;
  clearTimeout(running.timer);
  running.resolve(result);
  running = null;
  startNext();
}

function spawn() {
  const thread = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfLib, limits: PDF_LIMITS },
    resourceLimits: { maxOldGenerationSizeMb: PDF_LIMITS.maxHeapMb, maxYoungGenerationSizeMb: 32 },
  });
  const created = { thread, ready: false };
  thread.unref();
  thread.on("message", (message: { ready: true } | { id: number; result: PdfInspection }) => {
    if ("ready" in message) {
      created.ready = true;
      startNext();
    } else if (running?.id === message.id) {
      finish(message.result);
    }
  });
  // Out of memory, or killed on time: the file is refused and the next job gets a fresh worker. A worker
  // lost while starting answers the first waiting file, so one that cannot start does not respawn forever.
  const lost = () => {
    if (worker === created) worker = null;
    if (running?.thread === thread) finish({ ok: false, reason: "too-complex" });
    else if (!created.ready && !running && queue.length > 0) {
      queue.shift()!.resolve({ ok: false, reason: "too-complex" });
      startNext();
    }
  };
  thread.on("error", lost);
  thread.on("exit", lost);
  return created;
}

function startNext() {
  if (running || queue.length === 0) return;
  worker ??= spawn();
  if (!worker.ready) return; // its ready message starts the job
  const job = queue.shift()!;
  const { thread } = worker;
  const timer = setTimeout(() => {
    worker = null;
    void thread.terminate();
  }, PDF_LIMITS.timeoutMs);
  running = { ...job, timer, thread };
  thread.postMessage({ id: job.id, bytes: job.bytes }, [job.bytes.buffer as ArrayBuffer]);
}

/**
 * Parses a PDF off the main thread, within PDF_LIMITS (time, heap, objects, page-tree depth, pages): its
 * page count, or why it is refused. One file at a time per process; the time limit starts when its turn
 * comes and a worker is ready (a fresh worker's start is not the file's time).
 */
export function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  return new Promise((resolve) => {
    queue.push({ id: ++nextId, bytes: new Uint8Array(bytes), resolve });
    startNext();
  });
}
