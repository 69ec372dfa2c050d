import zlib from "node:zlib";

/**
 * A rendered page kept once, into which each visitor's form token is written at answer time: the page
 * is cut at the placeholder, and each part is kept both as it is and deflated with a sync flush, so that
 * the gzipped answer is the parts' deflate streams joined around the token as a stored block (RFC 1951
 * 3.2.4), with a gzip header and trailer (RFC 1952): no compression per answer (docs/architecture.md §11).
 */
export const TOKEN_PLACEHOLDER = "FORM-TOKEN-PLACEHOLDER";

export interface PageTemplate {
  render(token: string): { html: Buffer; gzipped: () => Buffer };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

function storedBlock(bytes: Buffer): Buffer {
  // BFINAL 0, BTYPE 00 (stored): the stream is byte-aligned after a sync flush, so the header is one zero byte.
  const head = Buffer.from([
    0,
    bytes.length & 0xff,
    bytes.length >> 8,
    ~bytes.length & 0xff,
    (~bytes.length >> 8) & 0xff,
  ]);
  return Buffer.concat([head, bytes]);
}

export function pageTemplate(html: string): PageTemplate {
  const parts = html.split(TOKEN_PLACEHOLDER).map((part) => Buffer.from(part));
  const deflated = parts.map((part, index) =>
    zlib.deflateRawSync(part, {
      finishFlush: index === parts.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    }),
  );
  if (parts.length === 1) {
    const whole = parts[0];
    let gzipped: Buffer | undefined;
    return { render: () => ({ html: whole, gzipped: () => (gzipped ??= zlib.gzipSync(whole)) }) };
  }
  return {
    render(token) {
      const tokenBytes = Buffer.from(token);
      const pieces: Buffer[] = [];
      const deflatedPieces: Buffer[] = [GZIP_HEADER];
      parts.forEach((part, index) => {
        pieces.push(part);
        deflatedPieces.push(deflated[index]);
        if (index < parts.length - 1) {
          pieces.push(tokenBytes);
          deflatedPieces.push(storedBlock(tokenBytes));
        }
      });
      const page = Buffer.concat(pieces);
      return {
        html: page,
        gzipped() {
          const trailer = Buffer.alloc(8);
          trailer.writeUInt32LE(zlib.crc32(page) >>> 0, 0);
          trailer.writeUInt32LE(page.length >>> 0, 4);
          return Buffer.concat([...deflatedPieces, trailer]);
        },
      };
    },
  };
}
