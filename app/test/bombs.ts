import zlib from "node:zlib";

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
