import { PDFDocument, PDFName, PDFRef, type PDFDict, type PDFObject } from "pdf-lib";

/**
 * An incremental update of a PDF (ISO 32000-1 §7.5.6): objects appended after the file's end with their own
 * cross-reference section and a trailer pointing to the previous one, so every byte an earlier signature covers
 * stays as it was (PAdES B-LT and B-LTA add to a signed file this way, docs/decisions/0027). The file's own objects
 * are read with pdf-lib, which also writes a rewritten dictionary back as PDF text.
 */
export interface PendingObject {
  number: number;
  /** The object's body, between `N 0 obj` and `endobj`. */
  body: Uint8Array | string;
}

const latin1 = (text: string) => Buffer.from(text, "latin1");

/** The last trailer's entries a new trailer carries on, and where the last cross-reference section starts. */
export function lastTrailer(pdf: Uint8Array) {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1");
  const startxref = text.lastIndexOf("startxref");
  const previous = Number(/startxref\s+(\d+)/.exec(text.slice(startxref))?.[1]);
  const trailer = text.slice(text.lastIndexOf("trailer", startxref), startxref);
  const entry = (name: string, pattern: string) => new RegExp(`/${name}\\s*(${pattern})`).exec(trailer)?.[1];
  const size = Number(entry("Size", "\\d+"));
  if (!Number.isInteger(previous) || !Number.isInteger(size)) throw new Error("No classic trailer to update");
  return {
    previous,
    size,
    root: entry("Root", "\\d+\\s+\\d+\\s+R")!,
    info: entry("Info", "\\d+\\s+\\d+\\s+R"),
    id: entry("ID", "\\[[^\\]]*\\]"),
  };
}

/** A stream object's body: its bytes as they are (no filter). */
export const streamBody = (bytes: Uint8Array, dictionary = "") =>
  Buffer.concat([latin1(`<< /Length ${bytes.byteLength}${dictionary} >>\nstream\n`), bytes, latin1("\nendstream")]);

/** The file with the objects appended as one incremental update. */
export function appendUpdate(pdf: Uint8Array, objects: PendingObject[]) {
  const trailer = lastTrailer(pdf);
  const parts: Buffer[] = [Buffer.from(pdf), latin1("\n")];
  let offset = pdf.byteLength + 1;
  const offsets = new Map<number, number>();
  for (const object of [...objects].sort((a, b) => a.number - b.number)) {
    offsets.set(object.number, offset);
    const bytes = Buffer.concat([
      latin1(`${object.number} 0 obj\n`),
      typeof object.body === "string" ? latin1(object.body) : Buffer.from(object.body),
      latin1("\nendobj\n"),
    ]);
    parts.push(bytes);
    offset += bytes.byteLength;
  }
  const numbers = [...offsets.keys()];
  let xref = "xref\n";
  for (let index = 0; index < numbers.length;) {
    let end = index;
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end] + 1) end++;
    xref += `${numbers[index]} ${end - index + 1}\n`;
    for (let at = index; at <= end; at++) xref += `${String(offsets.get(numbers[at])).padStart(10, "0")} 00000 n \n`;
    index = end + 1;
  }
  const size = Math.max(trailer.size, ...numbers.map((number) => number + 1));
  const entries = [
    `/Size ${size}`,
    `/Root ${trailer.root}`,
    trailer.info ? `/Info ${trailer.info}` : "",
    trailer.id ? `/ID ${trailer.id}` : "",
    `/Prev ${trailer.previous}`,
  ].filter(Boolean);
  parts.push(latin1(`${xref}trailer\n<< ${entries.join(" ")} >>\nstartxref\n${offset}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

/** The file's latest objects, read to be rewritten in an update: the catalog and the others it names. */
export async function objectsOf(pdf: Uint8Array) {
  const document = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: false });
  const { context, catalog } = document;
  const rootRef = context.trailerInfo.Root as PDFRef;
  return {
    document,
    catalog,
    rootNumber: rootRef.objectNumber,
    firstPage: document.getPage(0),
    /** The next object number free. */
    nextNumber: trailerSize(pdf),
    lookup: (value: PDFObject | undefined) => (value instanceof PDFRef ? context.lookup(value) : value),
    name: (text: string) => PDFName.of(text),
    ref: (number: number) => PDFRef.of(number),
    text: (dictionary: PDFDict) => dictionary.toString(),
  };
}

const trailerSize = (pdf: Uint8Array) => lastTrailer(pdf).size;
