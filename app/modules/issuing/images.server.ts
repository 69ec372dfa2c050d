import { GifReader } from "omggif";
import { PNG } from "pngjs";

/** pdf-lib embeds PNG and JPEG only: a GIF's first frame becomes a PNG. */
export function gifToPng(bytes: Uint8Array): Uint8Array {
  const reader = new GifReader(Buffer.from(bytes));
  const png = new PNG({ width: reader.width, height: reader.height });
  reader.decodeAndBlitFrameRGBA(0, png.data);
  return new Uint8Array(PNG.sync.write(png));
}
