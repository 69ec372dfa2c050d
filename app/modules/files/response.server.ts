/** A stored file as a download: RFC 6266 name, no sniffing, sandboxed if opened (docs/architecture.md §8). */
export function fileResponse(
  body: Uint8Array | { stream: ReadableStream<Uint8Array>; size: number },
  file: { name: string; mimeType: string; inline?: boolean },
) {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const disposition = `${file.inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`;
  const [content, length] =
    body instanceof Uint8Array
      ? [new Blob([body as Uint8Array<ArrayBuffer>]), body.byteLength]
      : [body.stream, body.size];
  return new Response(content, {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(length),
      "Content-Disposition": disposition,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
