// R0 of docs/architecture.md §11: the machine's ceiling, a bare node:http server answering a fixed 1 KB page.
import http from "node:http";

const page = Buffer.from(
  `<!doctype html><html><head><title>R0</title></head><body><p>${"x".repeat(1000)}</p></body></html>`,
);
http
  .createServer((_req, res) =>
    res.writeHead(200, { "Content-Type": "text/html", "Content-Length": page.length }).end(page),
  )
  .listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
