import crypto from "node:crypto";
import { SERVER_PATHS, VERIFY_PATH } from "./paths";
import type { IncomingMessage, ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { isDatabaseUnavailable, logDatabaseUnavailable } from "~/platform/db/availability";
import { clientIpContext, cspNonceContext, databaseUnavailableContext } from "~/platform/http/context";
import { apiError } from "~/platform/api/errors.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { PageAnswer, PageRequest } from "./page-answer";
import { fileStoreUp, healthy } from "./health";
import { partitionBuild } from "./route-partition";
import { securityHeaderValues } from "./security-headers";
import { loadStaticFiles, serveStaticFile } from "./static-files";
import { errorField, logger, requestLineLogger, requestScope, type RequestScope } from "~/platform/log/logger.server";
import { answerMetrics } from "./metrics-endpoint";
import { httpDuration, httpRequests } from "~/platform/metrics/metrics.server";
import { env } from "~/platform/env.server";
import { headerOf } from "./header-of";
import { createTurnTaker } from "./turns";

/**
 * A request's body as a web stream that a reader may stop (a body over its limit) without destroying the
 * connection: the answer must still go out on it (React Router's helper destroyed the socket, so a 413 was
 * never seen). What is left is dropped after the answer (dropRestOf).
 */
/** Stops a request's body stream from taking (and pausing on) what is left, once the rest is to be dropped. */
const stopBodyStream = new WeakMap<IncomingMessage, () => void>();

function bodyStreamOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let stopped = false;
  stopBodyStream.set(req, () => (stopped = true));
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (stopped) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on("end", () => {
          if (!stopped) controller.close();
        });
        req.on("error", (error) => {
          if (!stopped) controller.error(error);
        });
        req.on("aborted", () => {
          if (!stopped) controller.error(new Error("aborted"));
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        stopped = true;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/**
 * Before an answer to a body that was not read whole: when the answer ends, Node closes a connection the client
 * asked to close (`Connection: close`, as Node's own client and many others send) at once, and closing a socket
 * with unread bytes resets it, so a client still writing loses the answer. Instead the answer's end only sends
 * FIN, and dropRestOf reads and drops the rest before closing (a lingering close, as other servers do).
 */
function lingerOnClose(req: IncomingMessage) {
  const socket = req.socket as IncomingMessage["socket"] & { destroySoon?: () => void };
  socket.destroySoon = () => socket.end();
}

/**
 * Called before any answer: when the request's body has not been read whole (a 413 for its size, a refusal
 * before reading, a page that takes no body), the answer's end sends FIN only (lingerOnClose) and the rest is
 * read and dropped before the connection closes (dropRestOf). Returns what to call once the answer is written.
 */
function whenUnread(req: IncomingMessage): () => void {
  if (req.method === "GET" || req.method === "HEAD" || req.complete) return () => {};
  lingerOnClose(req);
  return () => dropRestOf(req);
}

/** Reads and drops what is left of a request body, then closes its connection (at the latest after 5 s). */
function dropRestOf(req: IncomingMessage) {
  const socket = req.socket;
  if (socket.destroyed) return;
  const close = () => {
    socket.end();
    socket.destroy();
  };
  if (req.complete) return close();
  // A body stream nobody read (the post was refused before) still pauses the request each time its buffer is full:
  // stopped, it lets the rest flow to be dropped, or the client, still sending, waited for the cut-off and lost
  // the answer with the connection.
  stopBodyStream.get(req)?.();
  const cutOff = setTimeout(() => socket.destroy(), 5_000);
  req.once("end", () => {
    clearTimeout(cutOff);
    close();
  });
  socket.once("close", () => clearTimeout(cutOff));
  req.resume();
}

export interface ListenerOptions {
  build: ServerBuild;
  /** `build/client`: served from memory, only at the paths it holds. */
  clientDir: string;
  hsts: boolean;
  /** Behind one reverse proxy: the client is the last X-Forwarded-For hop, the scheme X-Forwarded-Proto. */
  trustProxy: boolean;
  /** The verification pages, answered before React Router (app/routes/verify/page.server.tsx). */
  verificationAnswer: (request: PageRequest, ip: string) => Promise<PageAnswer>;
  /** The translated 503 page while the database cannot be reached (app/server/unavailable.tsx). */
  answerUnavailable: (
    req: IncomingMessage,
    res: ServerResponse,
    securityHeaders: Record<string, string>,
  ) => Promise<void>;
}

const ALLOWED_METHODS = "GET, HEAD, POST, PUT, DELETE, OPTIONS";
/** A request id a trusted proxy may hand on: letters, digits and `.` `_` `:` `-`, at most 128 (else one is made). */
const GIVEN_REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Answered before React Router and never logged above `debug`: the health check and the static files. */
const isQuiet = (url: string) => url === SERVER_PATHS.health || url.startsWith(SERVER_PATHS.assets);
const KNOWN_METHODS = new Set(ALLOWED_METHODS.split(", "));
const API_ROUTED_METHODS = new Set([...KNOWN_METHODS, "PATCH"]);
const HEALTHY = Buffer.from(JSON.stringify({ status: "ok" }));
const UNHEALTHY = Buffer.from(JSON.stringify({ status: "unavailable" }));
/** The database answers and the file store does not: pages that need no file still work (docs/decisions/0026). */
const STORE_DOWN = Buffer.from(JSON.stringify({ status: "ok", fileStore: "unavailable" }));
const STORE_AND_DATABASE_DOWN = Buffer.from(JSON.stringify({ status: "unavailable", fileStore: "unavailable" }));
const healthHeaders = (security: Record<string, string>, body: Buffer) =>
  Object.entries({
    ...security,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": String(body.length),
  }).flat();

/**
 * The production server's request listener, on node:http alone (docs/architecture.md §11): `/healthz`, the static
 * files and the verification pages are answered without building a Fetch request for React Router;
 * everything else goes to React Router with the security headers and, when asked for, compression.
 */
export function createListener(options: ListenerOptions) {
  const handlerFor = partitionBuild(options.build, (part) => createRequestHandler(part, "production"));
  const files = loadStaticFiles(options.clientDir);
  const fixedHeaders = securityHeaderValues({ hsts: options.hsts, nonce: null });
  // Built once: the health check is called often and must cost little more than a bare server (docs/architecture.md §11).
  const healthyHeaders = healthHeaders(fixedHeaders, HEALTHY);
  const unhealthyHeaders = healthHeaders(fixedHeaders, UNHEALTHY);
  const storeDownHeaders = healthHeaders(fixedHeaders, STORE_DOWN);
  const allDownHeaders = healthHeaders(fixedHeaders, STORE_AND_DATABASE_DOWN);
  const compress = compression();
  const inTurn = createTurnTaker(2);

  const requestIdOf = (req: IncomingMessage): string => {
    const given = options.trustProxy ? req.headers["x-request-id"] : undefined;
    return typeof given === "string" && GIVEN_REQUEST_ID.test(given) ? given : crypto.randomUUID();
  };

  /**
   * Once a request is answered: its metrics, and one log line (docs/decisions/0017) with method, route pattern (never the
   * URL, which can carry a token or an id), status, duration and user. Health checks and static files log at `debug`.
   */
  const settle = (req: IncomingMessage, res: ServerResponse, scope: RequestScope, started: number) => {
    const route = scope.route ?? "unmatched";
    const method = req.method ?? "GET";
    const seconds = (performance.now() - started) / 1000;
    httpRequests.inc({ route, method, status: res.statusCode });
    httpDuration.observe({ route, method }, seconds);
    const quiet = route === "static" || route === SERVER_PATHS.health;
    if (!requestLineLogger.isLevelEnabled(quiet ? "debug" : "info")) return;
    const line = {
      method,
      route,
      status: res.statusCode,
      ms: Math.round(seconds * 10_000) / 10,
      userId: scope.userId ?? null,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    requestScope.run(scope, () =>
      quiet ? requestLineLogger.debug(line, "request") : requestLineLogger.info(line, "request"),
    );
  };

  const clientIp = (req: IncomingMessage): string => {
    const forwarded = options.trustProxy ? req.headers["x-forwarded-for"] : undefined;
    const last = typeof forwarded === "string" ? forwarded.split(",").at(-1)?.trim() : undefined;
    return last || req.socket.remoteAddress || "";
  };

  const toRequest = (req: IncomingMessage, res: ServerResponse): Request | null => {
    const forwardedProto = options.trustProxy ? req.headers["x-forwarded-proto"] : undefined;
    const protocol = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
    let url: URL;
    try {
      url = new URL(req.url ?? "/", `${protocol}://${req.headers.host ?? "localhost"}`);
    } catch {
      return null; // an unusable Host header or target
    }
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      try {
        headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
      } catch {
        return null;
      }
    }
    const controller = new AbortController();
    // Only a client that left mid-answer aborts: an abort builds a DOMException with its stack (2% of /login).
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
    if (req.method !== "GET" && req.method !== "HEAD") {
      init.body = bodyStreamOf(req);
      init.duplex = "half";
    }
    return new Request(url, init);
  };

  const send = async (req: IncomingMessage, res: ServerResponse, response: Response) => {
    const cookies = response.headers.getSetCookie();
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") res.setHeader(name, value);
    });
    if (cookies.length) res.setHeader("Set-Cookie", cookies);
    res.statusCode = response.status;
    const afterAnswer = whenUnread(req);
    try {
      if (!response.body || req.method === "HEAD") res.end();
      else await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (!res.destroyed) throw error; // else the client went away mid-answer: nothing to tell it
    } finally {
      afterAnswer();
    }
  };

  // The database cannot be reached: the translated 503 page (app/server/unavailable.tsx).
  const unavailable = async (req: IncomingMessage, res: ServerResponse) => {
    const afterAnswer = whenUnread(req);
    await options.answerUnavailable(req, res, fixedHeaders);
    afterAnswer();
  };

  // Before React Router could answer (an unusable Host header) or when it failed: the language is not
  // known yet, so the message is given in both, Arabic first.
  const fail = (res: ServerResponse, status: 400 | 500, error?: unknown): void => {
    if (error) logger.error({ err: errorField(error) }, "request failed");
    if (res.headersSent) return void res.destroy();
    const afterAnswer = whenUnread(res.req);
    const key = status === 400 ? "errors.badRequest" : "errors.somethingWentWrong";
    res.writeHead(status, { ...fixedHeaders, "Content-Type": "text/plain; charset=utf-8" });
    res.end(`${i18nFor("ar").t(key)}\n${i18nFor("en").t(key)}\n`);
    afterAnswer();
  };

  const toRouter = async (req: IncomingMessage, res: ServerResponse) => {
    const request = toRequest(req, res);
    if (!request) return fail(res, 400);
    const nonce = crypto.randomBytes(16).toString("base64");
    for (const [name, value] of Object.entries(securityHeaderValues({ hsts: options.hsts, nonce })))
      res.setHeader(name, value);
    const context = new RouterContextProvider();
    context.set(clientIpContext, clientIp(req));
    context.set(cspNonceContext, nonce);
    const response = await handlerFor(new URL(request.url).pathname)(request, context);
    if (response.status >= 500 && context.get(databaseUnavailableContext)) {
      await response.body?.cancel();
      return unavailable(req, res);
    }
    await send(req, res, response);
  };

  // The verification pages: a GET needs no Fetch Request (its headers are read as they came), and the
  // page, already rendered and gzipped, is written as it is (docs/architecture.md §11).
  const verification = async (req: IncomingMessage, res: ServerResponse, method: string) => {
    let request: PageRequest | null;
    if (method === "GET" || method === "HEAD") {
      const url = `http://${req.headers.host ?? "localhost"}${req.url}`;
      request = URL.canParse(url) ? { method, url, headers: { get: (name) => headerOf(req, name) } } : null;
    } else request = toRequest(req, res);
    if (!request) return fail(res, 400);
    const answer = await options.verificationAnswer(request, clientIp(req));
    const headers: Record<string, string> = { ...fixedHeaders, ...answer.headers };
    let body: Buffer | undefined;
    if (answer.page) {
      const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
      body = gzip ? answer.page.gzipped() : answer.page.html;
      if (gzip) headers["Content-Encoding"] = "gzip";
      headers.Vary = `${headers.Vary ? `${headers.Vary}, ` : ""}Accept-Encoding`;
      headers["Content-Length"] = String(body.length);
    }
    const afterAnswer = whenUnread(req);
    res.writeHead(answer.status, headers);
    res.end(method === "HEAD" ? undefined : body);
    afterAnswer();
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    const scope: RequestScope = { requestId: requestIdOf(req) };
    res.setHeader("X-Request-Id", scope.requestId);
    const started = performance.now();
    res.once("close", () => settle(req, res, scope, started));
    // The probes and the static files need no scope: an AsyncLocalStorage costs /healthz a quarter of its rate.
    if (isQuiet(req.url ?? "/")) answer(req, res, scope);
    else requestScope.run(scope, () => answer(req, res, scope));
  };

  function answer(req: IncomingMessage, res: ServerResponse, scope: RequestScope) {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const method = req.method ?? "GET";
    // TRACE, CONNECT, PROPFIND...: nothing here answers them (TRACE reached React Router, which failed with
    // 500: neither a Fetch Request nor React Router takes it). The JSON API answers PATCH itself (405 with
    // the path's Allow), in its own shape; anything else it gets here, in that shape too.
    if (!API_ROUTED_METHODS.has(method) && path.startsWith(SERVER_PATHS.api)) {
      const answer = apiError(405, undefined, { headers: { Allow: ALLOWED_METHODS } }).toResponse();
      void send(req, res, answer).catch((error) => fail(res, 500, error));
      return;
    }
    if (!KNOWN_METHODS.has(method) && !path.startsWith(SERVER_PATHS.api)) {
      const afterAnswer = whenUnread(req);
      res.writeHead(405, {
        ...fixedHeaders,
        Allow: ALLOWED_METHODS,
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      });
      res.end(`${i18nFor("ar").t("api.errors.methodNotAllowed")}\n${i18nFor("en").t("api.errors.methodNotAllowed")}\n`);
      afterAnswer();
      return;
    }

    if (path === SERVER_PATHS.metrics) {
      scope.route = SERVER_PATHS.metrics;
      void answerMetrics(req, res, env.metricsToken, fixedHeaders).catch((error) => fail(res, 500, error));
      return;
    }
    if (path === SERVER_PATHS.health && (method === "GET" || method === "HEAD")) {
      scope.route = SERVER_PATHS.health;
      const storeUp = fileStoreUp();
      void healthy().then((ok) => {
        const [headers, body] = storeUp
          ? ok
            ? [healthyHeaders, HEALTHY]
            : [unhealthyHeaders, UNHEALTHY]
          : ok
            ? [storeDownHeaders, STORE_DOWN]
            : [allDownHeaders, STORE_AND_DATABASE_DOWN];
        res.writeHead(ok ? 200 : 503, headers);
        res.end(method === "HEAD" ? undefined : body);
      });
      return;
    }
    if ((method === "GET" || method === "HEAD") && serveStaticFile(files, path, req, res, fixedHeaders)) {
      scope.route = "static";
      return;
    }

    if (VERIFY_PATH.test(path)) {
      scope.route =
        path.replace(/\/+$/, "") === SERVER_PATHS.verify ? SERVER_PATHS.verify : `${SERVER_PATHS.verify}/:code`;
      void verification(req, res, method).catch((error) => {
        if (!isDatabaseUnavailable(error)) return fail(res, 500, error);
        logDatabaseUnavailable(error);
        return unavailable(req, res);
      });
      return;
    }
    const run = () => inTurn(() => toRouter(req, res)).catch((error) => fail(res, 500, error));
    if (/\b(gzip|br|deflate)\b/.test(req.headers["accept-encoding"] ?? "")) compress(req as never, res as never, run);
    else run();
  }
}
