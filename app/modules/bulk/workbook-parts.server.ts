import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A workbook's parts, read from its zip within limits (docs/architecture.md §8, README's Security limits), then
 * written again as a plain zip in the order the streaming reader wants. A zip's directory states each entry's size,
 * and a crafted one understates them: each entry is inflated with its own declared size as the most it may give,
 * and the sizes together must stay under MAX_INFLATED_BYTES, so a lie is refused at the first byte past it. Only
 * the parts the reader uses are kept (relationships, workbook, shared strings, styles, worksheets); shared strings
 * are written before the worksheets (an empty table when the workbook has none), so the reader never parks a sheet
 * in a temporary file while it waits for them.
 */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
const MAX_PARTS = 64;

const inflateRaw = promisify(zlib.inflateRaw);
const RELS = "xl/_rels/workbook.xml.rels";
const WORKBOOK = "xl/workbook.xml";
const SHARED_STRINGS = "xl/sharedStrings.xml";
const STYLES = "xl/styles.xml";
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

interface Entry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The central directory's entries, or null when the zip has none that can be read (zip64 included: too large). */
function centralDirectory(bytes: Uint8Array): Entry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 0xffff); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const count = view.getUint16(end + 10, true);
    let offset = view.getUint32(end + 16, true);
    const entries: Entry[] = [];
    for (let i = 0; i < count; i++) {
      if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
      const nameLength = view.getUint16(offset + 28, true);
      if (offset + 46 + nameLength > bytes.length) return null;
      entries.push({
        flags: view.getUint16(offset + 8, true),
        method: view.getUint16(offset + 10, true),
        crc32: view.getUint32(offset + 16, true),
        compressedSize: view.getUint32(offset + 20, true),
        size: view.getUint32(offset + 24, true),
        localOffset: view.getUint32(offset + 42, true),
        name: Buffer.from(bytes.subarray(offset + 46, offset + 46 + nameLength)).toString("utf8"),
      });
      offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    }
    return entries;
  }
  return null;
}

/** One entry's bytes, inflated to at most the size the directory declares for it; null past it, or when broken. */
async function contentOf(bytes: Uint8Array, entry: Entry): Promise<Buffer | null> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if ((entry.flags & 0x1) !== 0 || at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) return null;
  const data = Buffer.from(bytes.buffer, bytes.byteOffset + start, entry.compressedSize);
  let content: Buffer;
  if (entry.method === 0) content = data;
  else if (entry.method === 8) {
    try {
      // maxOutputLength: inflating stops, with an error, at the first byte past the declared size.
      content = await inflateRaw(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch {
      return null;
    }
  } else return null;
  return content.length === entry.size && zlib.crc32(content) === entry.crc32 ? content : null;
}

/** A zip of stored (uncompressed) entries, in the given order: what the streaming reader reads. */
function storedZip(parts: { name: string; content: Buffer }[]): Buffer[] {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of parts) {
    const fileName = Buffer.from(name, "utf8");
    const crc = zlib.crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, fileName, content);
    directory.push(central, fileName);
    offset += local.length + fileName.length + content.length;
  }
  const size = directory.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return [...chunks, ...directory, end];
}

/**
 * The workbook's parts as a plain zip for the reader (its chunks, not copied into one buffer), or null when the
 * file is not a workbook that can be read within the limits.
 */
export async function workbookParts(bytes: Uint8Array): Promise<Buffer[] | null> {
  const entries = centralDirectory(bytes);
  if (!entries) return null;
  const kept = entries.filter(
    (entry) => [RELS, WORKBOOK, SHARED_STRINGS, STYLES].includes(entry.name) || WORKSHEET.test(entry.name),
  );
  if (kept.length > MAX_PARTS || new Set(kept.map((entry) => entry.name)).size !== kept.length) return null;
  if (kept.reduce((sum, entry) => sum + entry.size, 0) > MAX_INFLATED_BYTES) return null;
  const contents = new Map<string, Buffer>();
  for (const entry of kept) {
    const content = await contentOf(bytes, entry);
    if (!content) return null;
    contents.set(entry.name, content);
  }
  if (!contents.has(RELS) || !contents.has(WORKBOOK)) return null;
  const first = [RELS, WORKBOOK, SHARED_STRINGS, STYLES].map((name) => ({
    name,
    content: contents.get(name) ?? (name === SHARED_STRINGS ? EMPTY_SHARED_STRINGS : null),
  }));
  const sheets = kept
    .filter((entry) => WORKSHEET.test(entry.name))
    .map((entry) => ({ name: entry.name, content: contents.get(entry.name)! }));
  return storedZip([
    ...first.filter((part): part is { name: string; content: Buffer } => part.content !== null),
    ...sheets,
  ]);
}
