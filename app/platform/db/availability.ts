/** The connection failed or was cut: the server is down, restarting, unreachable or refusing connections. */
import { logger } from "~/platform/log/logger.server";
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);
/** PostgreSQL shutting down or starting (57P0x), out of connections (53300); SQLite's writer lock held past the busy timeout. */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300", "SQLITE_BUSY"]);
/** What the `pg` driver and pool say, without a code, when a connection cannot be had or was lost. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * Whether an error says the database cannot take work now (worth a 503 and a retry), rather than that this
 * request or query is wrong (a 500 to fix). PostgreSQL's class 08 is "connection exception".
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  // The file store is answered the same way: the outage page, Retry-After, one log line (docs/decisions/0026).
  if ((error as { name?: unknown }).name === "StoreUnavailable") return true;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The Retry-After (seconds) of a 503 for an unavailable database: long enough for a restart or a failover. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** During an outage every request fails the same way: one line each, not a stack trace each. */
export function logDatabaseUnavailable(error: unknown) {
  const store = findStoreUnavailable(error);
  if (store) logger.error({ reason: store.message, cause: String(store.cause) }, "file store unavailable");
  else logger.error({ reason: error instanceof Error ? error.message : String(error) }, "database unavailable");
}

function findStoreUnavailable(error: unknown, depth = 0): (Error & { cause?: unknown }) | undefined {
  if (!error || typeof error !== "object" || depth > 4) return undefined;
  if ((error as Error).name === "StoreUnavailable") return error as Error;
  return findStoreUnavailable((error as { cause?: unknown }).cause, depth + 1);
}
