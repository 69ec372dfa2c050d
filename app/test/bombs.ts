import zlib from "node:zlib";
import forge from "node-forge";

/** A PDF from its objects' bodies (object n is `objects[n - 1]`), with a correct cross-reference table. */
function rawPdf(objects: (string | Buffer)[]): Uint8Array {
  let body = Buffer.from("%PDF-1.4\n", "latin1");
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body = Buffer.concat([
      body,
      Buffer.from(`${index + 1} 0 obj\n`, "latin1"),
      Buffer.isBuffer(object) ? object : Buffer.from(object, "latin1"),
      Buffer.from("\nendobj\n", "latin1"),
    ]);
  });
  const xref = body.length;
  let tail = "";
  tail += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([body, Buffer.from(tail, "latin1")]));
}

/** A one-page PDF whose content stream is `megabytes` of zeros, deflated (about 1 KB per MB). */
export function inflatingStreamPdf(megabytes: number): Uint8Array {
  const compressed = zlib.deflateSync(Buffer.alloc(megabytes * 1024 * 1024), { level: 9 });
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
    Buffer.concat([
      Buffer.from(`<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
      compressed,
      Buffer.from("\nendstream", "latin1"),
    ]),
  ]);
}

/**
 * The security test's bomb: a page tree whose every node lists the same child twice, `levels` deep, so
 * a naive walk visits 2^levels pages (about 2.5 KB for 28 levels).
 */
export function duplicatedPageTreePdf(levels = 28): Uint8Array {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>"];
  for (let level = 0; level < levels; level++) {
    const child = level + 3;
    objects.push(`<< /Type /Pages /Kids [${child} 0 R ${child} 0 R] /Count ${2 ** (levels - level)} >>`);
  }
  objects.push("<< /Type /Page /MediaBox [0 0 200 200] >>");
  return rawPdf(objects);
}

/** A page tree nested `depth` levels deep, one page at the bottom. */
export function deepPageTreePdf(depth = 300): Uint8Array {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>"];
  for (let level = 0; level < depth; level++) objects.push(`<< /Type /Pages /Kids [${level + 3} 0 R] /Count 1 >>`);
  objects.push("<< /Type /Page /MediaBox [0 0 200 200] >>");
  return rawPdf(objects);
}

/** A page tree that contains itself. */
export function cyclicPageTreePdf(): Uint8Array {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>",
    "<< /Type /Page /MediaBox [0 0 200 200] >>",
  ]);
}

const crc32 = (bytes: Buffer) => zlib.crc32(bytes);
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A tiny PNG that claims `width` x `height` pixels (its image data would inflate to gigabytes). */
export function hugePng(width = 60_000, height = 60_000): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      pngChunk("IHDR", header),
      pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(1024))),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** A GIF header followed by garbage. */
export function malformedGif(): Uint8Array {
  return new Uint8Array(
    Buffer.concat([
      Buffer.from("GIF89a", "latin1"),
      Buffer.from([0x10, 0x00, 0x10, 0x00, 0xf7, 0x00, 0x00]),
      Buffer.from("not a gif at all, only noise".repeat(4), "latin1"),
    ]),
  );
}

/**
 * A zip of deflated entries whose directory (local and central) states `declaredSize` for an entry when given:
 * a crafted zip that understates what an entry inflates to.
 */
export function zipOf(entries: { name: string; content: Buffer; declaredSize?: number }[]): Uint8Array {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, content, declaredSize } of entries) {
    const fileName = Buffer.from(name, "utf8");
    const deflated = zlib.deflateRawSync(content, { level: 1 });
    const header = (size: number, signature: number) => {
      const central = signature === 0x02014b50;
      const bytes = Buffer.alloc(central ? 46 : 30);
      bytes.writeUInt32LE(signature, 0);
      const at = central ? 2 : 0; // the central header has "version made by" first
      bytes.writeUInt16LE(20, 4 + at);
      bytes.writeUInt16LE(8, 8 + at);
      bytes.writeUInt32LE(zlib.crc32(content), 14 + at);
      bytes.writeUInt32LE(deflated.length, 18 + at);
      bytes.writeUInt32LE(size, 22 + at);
      bytes.writeUInt16LE(fileName.length, 26 + at);
      if (central) bytes.writeUInt32LE(offset, 42);
      return bytes;
    };
    const size = declaredSize ?? content.length;
    chunks.push(header(size, 0x04034b50), fileName, deflated);
    directory.push(header(size, 0x02014b50), fileName);
    offset += 30 + fileName.length + deflated.length;
  }
  const size = directory.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...chunks, ...directory, end]));
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
/** The parts of a one-sheet workbook written by hand: `rows` of inline strings, or of shared strings when given. */
export function workbookEntries(rows: string[][], options: { sharedStrings?: boolean } = {}) {
  const shared: string[] = [];
  const cell = (value: string, column: number, row: number) => {
    const ref = `${String.fromCharCode(65 + column)}${row}`;
    if (!options.sharedStrings) return `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
    shared.push(value);
    return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
  };
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows
    .map((cells, r) => `<row r="${r + 1}">${cells.map((value, c) => cell(value, c, r + 1)).join("")}</row>`)
    .join("")}</sheetData></worksheet>`;
  const entries = [
    { name: "xl/worksheets/sheet1.xml", content: Buffer.from(sheet) },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/workbook.xml",
      content: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="rows" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
  ];
  if (options.sharedStrings)
    entries.push({
      name: "xl/sharedStrings.xml",
      content: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">${shared.map((value) => `<si><t>${value}</t></si>`).join("")}</sst>`,
      ),
    });
  return entries;
}

/** A real PNG of `width` x `height` pixels, 16 bits a channel (RGB): costly to decode, as a scanner writes it. */
export function sixteenBitPng(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([16, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 6, 0x7f);
  row[0] = 0; // no filter
  const rows = Buffer.concat(Array.from({ length: height }, () => row));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      pngChunk("IHDR", header),
      pngChunk("IDAT", zlib.deflateSync(rows, { level: 1 })),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** The file with its MAC's iteration count raised (the MAC itself left as it was: forge derives before it compares). */
export function withMacIterations(bytes: Uint8Array, iterations: number) {
  const pfx = forge.asn1.fromDer(Buffer.from(bytes).toString("binary"));
  const macData = (pfx.value as forge.asn1.Asn1[])[2];
  (macData.value as forge.asn1.Asn1[])[2] = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.INTEGER,
    false,
    forge.asn1.integerToDer(iterations).getBytes(),
  );
  return new Uint8Array(Buffer.from(forge.asn1.toDer(pfx).getBytes(), "binary"));
}
