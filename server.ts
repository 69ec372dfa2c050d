/**
 * Production server: compression, immutable caching of hashed assets, security headers on every
 * response, migrations and demo data at start-up, graceful shutdown on SIGTERM.
 * Run with `npm start` (builds first when needed).
 */
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";

const BUILD = path.resolve("build/server/index.js");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
process.env.NODE_ENV ??= "production";

const build = await import(pathToFileURL(BUILD).href);
const { seeded } = await build.startup();
if (seeded) console.log("Demo data seeded into an empty database.");

const hsts = (process.env.PUBLIC_URL ?? "").startsWith("https://");
const server = express();
server.disable("x-powered-by");
if (process.env.TRUST_PROXY === "1") server.set("trust proxy", 1);
server.use(build.securityHeaders({ hsts }));
server.use(compression());
server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
server.use(express.static("build/client", { maxAge: "1h", index: false }));
server.use(build.app);

// The health check answers before Express and React Router: load balancers call it often, and it must
// cost almost nothing (DESIGN 11: at least half of a bare node:http server).
const HEALTH_HEADERS = { ...build.securityHeaderValues({ hsts, nonce: null }), "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };
const HEALTHY = Buffer.from(JSON.stringify({ status: "ok" }));
const UNHEALTHY = Buffer.from(JSON.stringify({ status: "unavailable" }));

const listener = http.createServer((req, res) => {
  if (req.url === "/healthz" && (req.method === "GET" || req.method === "HEAD")) {
    build.healthy().then((ok: boolean) => {
      const body = ok ? HEALTHY : UNHEALTHY;
      res.writeHead(ok ? 200 : 503, { ...HEALTH_HEADERS, "Content-Length": body.length });
      res.end(req.method === "HEAD" ? undefined : body);
    });
    return;
  }
  server(req, res);
});
listener.listen(port, host, async () => {
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  console.log(`Documents & Attestations is ready on ${publicUrl}`);
  if ((process.env.DEMO_DATA ?? "on") !== "off") await build.printDemoAccounts();
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests...`);
  // Stop accepting connections, let in-flight requests finish, then close the database.
  listener.close(async () => {
    await build.shutdown();
    console.log("Stopped.");
    process.exit(0);
  });
  listener.closeIdleConnections();
  setTimeout(() => {
    console.error("Forced exit after 10 s.");
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
