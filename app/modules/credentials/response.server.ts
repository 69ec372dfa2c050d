import crypto from "node:crypto";

/** A credential as a download: `application/vc` (VC 2.0 §6.3), named by its verification code. */
export function credentialResponse(credential: object, code: string, options: { private: boolean }) {
  return new Response(JSON.stringify(credential, null, 2), {
    headers: {
      "Content-Type": "application/vc",
      "Content-Disposition": `attachment; filename="${code}.credential.json"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": options.private ? "private, no-store" : "no-store",
    },
  });
}

/** A public, cacheable JSON document (the DID document, a status list) with its validator. */
export function publicJson(body: object, contentType: string, request: Request, maxAgeSeconds: number) {
  const text = JSON.stringify(body);
  const etag = `"${crypto.createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "Content-Type": contentType,
    "Cache-Control": `public, max-age=${maxAgeSeconds}`,
    ETag: etag,
    "Access-Control-Allow-Origin": "*",
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(text, { headers });
}
