import crypto from "node:crypto";
import { SERVER_PATHS } from "./paths";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";

interface StaticFile {
  body: Buffer;
  gzip: Buffer | null;
  headers: Record<string, string>;
  etag: string;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt"]);

/** Every file of `build/client`, read once, compressed once, keyed by its URL path. */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue; // the build's own records (.vite/manifest.json)
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        visit(full);
        continue;
      }
      const urlPath = "/" + path.relative(root, full).split(path.sep).join("/");
      const extension = path.extname(entry.name);
      const body = fs.readFileSync(full);
      const gzip = COMPRESSIBLE.has(extension) && body.length > 1024 ? zlib.gzipSync(body, { level: 9 }) : null;
      files.set(urlPath, {
        body,
        gzip,
        etag: `"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`,
        headers: {
          "Content-Type": TYPES[extension] ?? "application/octet-stream",
          // Hashed file names never change content; the others (favicon, robots.txt) may, after a deploy.
          "Cache-Control": urlPath.startsWith(SERVER_PATHS.assets)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
          ...(gzip ? { Vary: "Accept-Encoding" } : {}),
        },
      });
    }
  };
  if (fs.existsSync(root)) visit(root);
  return files;
}

/** Answers a GET/HEAD for a static file; false when the path is not one (React Router answers, 404 included). */
export function serveStaticFile(
  files: Map<string, StaticFile>,
  urlPath: string,
  req: IncomingMessage,
  res: ServerResponse,
  securityHeaders: Record<string, string>,
): boolean {
  const file = files.get(urlPath);
  if (!file) return false;
  const headers = { ...securityHeaders, ...file.headers, ETag: file.etag };
  if (req.headers["if-none-match"] === file.etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const gzip = file.gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  const body = gzip ? file.gzip! : file.body;
  res.writeHead(200, {
    ...headers,
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    "Content-Length": String(body.length),
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
