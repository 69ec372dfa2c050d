const BOM = "\uFEFF";

// A formula starts a cell with =, +, -, @, a tab or CR (OWASP's CSV injection guidance). A spreadsheet that splits on
// `;`, `|` or a tab (usual with Arabic and European settings) starts a new cell after each, where the quotes around
// our field no longer hold (a quote in the middle of a cell is a plain character there): so every trigger after such
// a character, or after a line break (quotes and spaces between aside), gets its own apostrophe.
const STARTS_A_FORMULA = /^[\s"']*[=+\-@\t\r]/;
const FORMULA_AFTER_A_SEPARATOR = /([,;|\t\r\n])([\s"]*[=+\-@])/g;
const NEEDS_QUOTES = /[",;|\t\r\n]/;

/**
 * One CSV field (RFC 4180). A field that could start a formula is prefixed with an apostrophe, and so is every
 * trigger after a separator-like character inside it; a field with a separator-like character, a quote or a line
 * break is quoted. Whichever of `,` `;` tab or `|` a spreadsheet splits on, no cell starts a formula.
 */
export function csvField(value: string | number | null | undefined) {
  let text = value === null || value === undefined ? "" : String(value);
  text = text.replace(FORMULA_AFTER_A_SEPARATOR, "$1'$2");
  if (STARTS_A_FORMULA.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (fields: (string | number | null | undefined)[]) => `${fields.map(csvField).join(",")}\r\n`;

/**
 * A CSV download streamed as its rows come (docs/architecture.md §11: an export of any size holds one chunk): UTF-8 with a
 * byte-order mark so Excel reads Arabic, a header row, CRLF line ends.
 */
export function csvResponse(
  fileName: string,
  header: string[],
  rows: AsyncIterable<(string | number | null | undefined)[]>,
) {
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
