import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

/** What a request's log lines share: its id (docs/architecture.md §22), and once the session is read, who made it. */
export interface RequestScope {
  requestId: string;
  userId?: number | null;
  /**
   * The matched route's pattern (`/clerks/document-categories/request/:id`, never the URL): set by the root middleware
   * from React Router's match, or by the listener where it answers alone.
   */
  route?: string;
}

/** The request being answered, wherever its work goes (loaders, the audit helper, the issuing pipeline). */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The id of the request being answered, or null outside one (the job runner, the mail sender, start-up). */
export const currentRequestId = () => requestScope.getStore()?.requestId ?? null;

/** Who the request is from, once the session or the API token is read, and which route: its log line says so. */
export function identifyRequest(facts: { userId: number | null; route?: string }) {
  const scope = requestScope.getStore();
  if (!scope) return;
  scope.userId = facts.userId;
  if (facts.route) scope.route = facts.route;
}

const development = process.env.NODE_ENV === "development";

/**
 * THE logger (docs/architecture.md §22, docs/decisions/0017): JSON lines on stdout (pretty in development), at
 * LOG_LEVEL (info by default), each line of a request with its id. Nothing that identifies or authenticates anyone is
 * given to it; the redaction below is the second line of defence, for an object logged whole by mistake.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin: () => {
    const scope = requestScope.getStore();
    return scope ? { requestId: scope.requestId } : {};
  },
  redact: {
    paths: ["password", "*.password", "token", "*.token", "pin", "*.pin", "nin", "*.nin", "cookie", "*.cookie"],
    censor: "[redacted]",
  },
  ...(development ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
});

/** An error as a log field: its message and stack (pino's own serializer), never the values it was thrown with. */
export const errorField = (error: unknown) =>
  error instanceof Error ? pino.stdSerializers.err(error) : { message: String(error) };

/**
 * The one line a request leaves (app/platform/server/listener.ts), through the same logger without its redaction: the line's
 * fields are fixed (method, route pattern, status, duration, user id) and none of them can hold a secret, and the
 * redaction's walk over them was 5% of a verification look-up's CPU (docs/architecture.md §11).
 */
export const requestLineLogger = logger.child({}, { redact: [] });
