import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { METRICS_CONTENT_TYPE } from "~/platform/metrics/metrics.server";

/** How a request worker asks the primary for the cluster's metrics, and how the answer comes back (server.js). */
export const METRICS_ASK = "metrics:ask";
export const METRICS_ANSWER = "metrics:answer";
const ANSWER_WITHIN_MS = 5_000;

/** The cluster's metrics from the primary, which sums every worker's (prom-client's AggregatorRegistry). */
function askPrimary(): Promise<string> {
  const id = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error("not a cluster worker"));
    const timer = setTimeout(() => {
      process.off("message", listen);
      reject(new Error("the primary did not answer"));
    }, ANSWER_WITHIN_MS);
    const listen = (message: { type?: string; id?: string; text?: string }) => {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", listen);
      resolve(message.text ?? "");
    };
    process.on("message", listen);
    process.send({ type: METRICS_ASK, id });
  });
}

const sameSecret = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

/**
 * `/metrics` on the service's port (docs/decisions/0017): only with `METRICS_TOKEN` set and given as a bearer token
 * (else 404, as if there were nothing; a wrong token 401). `METRICS_PORT` serves them apart, on 127.0.0.1 (server.js).
 */
export async function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  token: string | null,
  headers: Record<string, string>,
) {
  const plain = { ...headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!token) {
    res.writeHead(404, plain);
    return void res.end("Not Found\n");
  }
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
  if (!sameSecret(given, token)) {
    res.writeHead(401, { ...plain, "WWW-Authenticate": 'Bearer realm="metrics"' });
    return void res.end("Unauthorized\n");
  }
  const text = await askPrimary();
  res.writeHead(200, { ...headers, "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" });
  res.end(text);
}
