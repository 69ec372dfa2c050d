// The PDF check, in a worker thread within limits (pdf-inspect.server.ts starts it with createBoundedWorker): pdf-lib
// parses the file, then the page tree is walked with a visited set and a depth bound (pdf-lib's own walk follows a
// repeated child again, exponentially). Plain CommonJS, evaluated as the worker's source.
const { parentPort, workerData } = require("node:worker_threads");
const zlib = require("node:zlib");
const { PDFDocument, PDFName, PDFDict, PDFArray, PDFRef, PDFRawStream } = require(workerData.pdfLib);
const limits = workerData.limits;
// The bytes the Flate streams inflate to, in all (each inflated in turn, and dropped): past the limit, refused.
function inflatesWithin(pdf) {
  let left = limits.maxInflatedMb * 1024 * 1024;
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of("Filter"));
    const flate =
      filter === PDFName.of("FlateDecode") ||
      (filter instanceof PDFArray && filter.get(0) === PDFName.of("FlateDecode"));
    if (!flate) continue;
    try {
      left -= zlib.inflateSync(object.contents, {
        maxOutputLength: left + 1,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      }).length;
    } catch (error) {
      if (error instanceof RangeError || error.code === "ERR_BUFFER_TOO_LARGE") return false;
    }
    if (left < 0) return false;
  }
  return true;
}
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
    // The page count the file claims (its page tree's /Count, read, not walked), capped: the CPU time it may use.
    const count = pdf.catalog.lookup(PDFName.of("Pages"));
    const claimed = count instanceof PDFDict ? count.lookup(PDFName.of("Count")) : undefined;
    const claimedPages =
      claimed && typeof claimed.asNumber === "function"
        ? Math.max(0, Math.min(limits.maxPages, claimed.asNumber()))
        : 0;
    parentPort.postMessage({ id, cpuUnits: claimedPages });
    if (pdf.context.enumerateIndirectObjects().length > limits.maxObjects)
      return answer({ ok: false, reason: "too-complex" });
    if (!inflatesWithin(pdf)) return answer({ ok: false, reason: "too-complex" });
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
