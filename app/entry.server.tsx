import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { isDatabaseUnavailable, logDatabaseUnavailable } from "~/platform/db/availability";
import { cspNonceContext, databaseUnavailableContext } from "~/platform/http/context";
import { getLocale } from "./middleware/i18next.server";
import { translatorFor } from "./platform/i18n/instances.server";
import { TranslatorContext } from "./platform/i18n/translator";
import { startMailSender } from "./platform/mail/sender.server";
import { errorField, logger } from "~/platform/log/logger.server";

// `npm run dev` has no primary process to run the outbox's sender (server.js does in production).
if (import.meta.env.DEV) startMailSender();

export const streamTimeout = 5_000;

/**
 * React Router's logging of a failed loader, action or render, plus: a failure for want of the database is
 * marked on the request, so the server answers it with 503 and Retry-After (app/platform/server/listener.ts), and is
 * logged in one line rather than with a stack per request during an outage.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const cause =
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  if (isDatabaseUnavailable(cause)) {
    (context as RouterContextProvider | undefined)?.set(databaseUnavailableContext, true);
    logDatabaseUnavailable(cause);
  } else logger.error({ err: errorField(cause) }, "request failed");
};

/**
 * Pages are rendered whole, then answered in one piece with their length. No loader defers data, so
 * streaming the shell first sent nothing sooner; piping React's stream through a Node stream into a
 * web stream and back into the socket cost 5% of /login's throughput.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext) || undefined;
  const translator = translatorFor(getLocale(loadContext));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        const html = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(html.length));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <TranslatorContext.Provider value={translator}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslatorContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, onShellError rejects with it.
          if (shellRendered) logger.error({ err: errorField(error) }, "render failed");
        },
      },
    );
  });
}
