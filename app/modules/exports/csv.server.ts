const BOM = "\uFEFF";

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading =, +, - or @ is
 * prefixed with an apostrophe so a spreadsheet does not run it as a formula. */
export function csvField(value: string | number | null | undefined) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (fields: (string | number | null | undefined)[]) => `${fields.map(csvField).join(",")}\r\n`;

/**
 * A CSV download streamed as its rows come (DESIGN 11: an export of any size holds one chunk): UTF-8 with a
 * byte-order mark so Excel reads Arabic, a header row, CRLF line ends.
 */
export function csvResponse(fileName: string, header: string[], rows: AsyncIterable<(string | number | null | undefined)[]>) {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + line(header)));
        return;
      }
      // A few hundred rows per chunk: fewer, larger writes.
      let text = "";
      for (let count = 0; count < 500; count++) {
        const next = await iterator.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += line(next.value);
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
