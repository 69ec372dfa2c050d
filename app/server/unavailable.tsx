import type { IncomingMessage, ServerResponse } from "node:http";
import { renderToStaticMarkup } from "react-dom/server";
import { UnavailablePage } from "~/components/layout/unavailable-page";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/platform/db/availability";
import { detectLanguage } from "~/middleware/i18next.server";
import { translatorFor } from "~/platform/i18n/instances.server";
import { TranslatorContext } from "~/platform/i18n/translator";
import { headerOf } from "~/platform/server/header-of";
import { currentRequestId } from "~/platform/log/logger.server";

/** The address asked for; an unparsable one stands for the home page. */
function requestedUrl(target: string | undefined): URL {
  try {
    return new URL(target ?? "/", "http://localhost");
  } catch {
    return new URL("http://localhost/");
  }
}

/**
 * Answers 503 with Retry-After while the database cannot be reached: the page in the visitor's language, or,
 * to React Router's data requests (`.data`), a short text the client turns into its own 503 error page.
 */
export async function answerUnavailable(
  req: IncomingMessage,
  res: ServerResponse,
  securityHeaders: Record<string, string>,
) {
  if (res.headersSent) return void res.destroy();
  const url = requestedUrl(req.url);
  // The link back is a local path (never `//host`, which would leave the site).
  const path = `${url.pathname.replace(/^\/+/, "/")}${url.search}`;
  const headers = {
    ...securityHeaders,
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
  };
  const translator = translatorFor(
    await detectLanguage({ url: url.href, headers: { get: (name) => headerOf(req, name) } }),
  );
  const [type, body] = url.pathname.endsWith(".data")
    ? ["text/plain; charset=utf-8", Buffer.from(`${translator.t("errors.unavailable")}\n`)]
    : [
        "text/html; charset=utf-8",
        Buffer.from(
          `<!DOCTYPE html>${renderToStaticMarkup(
            <TranslatorContext.Provider value={translator}>
              <UnavailablePage path={path} reference={currentRequestId()} />
            </TranslatorContext.Provider>,
          )}`,
        ),
      ];
  res.writeHead(503, {
    ...headers,
    "Content-Type": type,
    "Content-Length": String(body.length),
    Vary: "Accept-Language, Cookie",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
