import { GifReader } from "omggif";

/** The most pixels an uploaded image may have: decoding one costs 4 bytes a pixel (100 MB here). */
export const MAX_IMAGE_PIXELS = 25_000_000;

/** Width and height from an image's header, without decoding it; null when the header cannot be read. */
export function imageSize(bytes: Uint8Array, mimeType: string): { width: number; height: number } | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (mimeType === "image/png")
      return view.length >= 24 ? { width: view.readUInt32BE(16), height: view.readUInt32BE(20) } : null;
    if (mimeType === "image/gif") {
      // Every frame, not only the logical screen: a frame may claim more than the screen.
      const reader = new GifReader(view);
      if (reader.numFrames() === 0) return null;
      let width = reader.width;
      let height = reader.height;
      for (let i = 0; i < reader.numFrames(); i++) {
        const frame = reader.frameInfo(i);
        width = Math.max(width, frame.x + frame.width);
        height = Math.max(height, frame.y + frame.height);
      }
      return { width, height };
    }
    if (mimeType === "image/jpeg") return jpegSize(view);
  } catch {
    return null;
  }
  return null;
}

/** The frame header (SOFn) of a JPEG: its height and width. */
function jpegSize(view: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < view.length) {
    if (view[offset] !== 0xff) return null;
    const marker = view[offset + 1];
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = view.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: view.readUInt16BE(offset + 5), width: view.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
}
