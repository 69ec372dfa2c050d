import client from "prom-client";

/** A metric made once per process, even when its module is evaluated again (the dev server's reloads). */
function once<T>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make();
}

/**
 * The service's metrics (docs/architecture.md §22, docs/decisions/0017), in each request worker's default registry;
 * the primary process sums them over its workers (prom-client's AggregatorRegistry) and serves them at `/metrics`.
 * What the database holds (the outbox, the jobs) is read once a scrape, by each worker, and taken from the first
 * (`aggregator: "first"`), not summed.
 */
export const httpRequests = once(
  "http_requests_total",
  () =>
    new client.Counter({
      name: "http_requests_total",
      help: "Requests answered, by route pattern, method and status.",
      labelNames: ["route", "method", "status"] as const,
    }),
);

export const httpDuration = once(
  "http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by route pattern and method.",
      labelNames: ["route", "method"] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const dbQueryDuration = once(
  "db_query_duration_seconds",
  () =>
    new client.Histogram({
      name: "db_query_duration_seconds",
      help: "Time of each database query.",
      buckets: [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1],
    }),
);

export const storeDuration = once(
  "file_store_duration_seconds",
  () =>
    new client.Histogram({
      name: "file_store_duration_seconds",
      help: "Time of each call to the file store, by operation and outcome (ok, missing, error).",
      labelNames: ["operation", "outcome"] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
);

export const writeBatchSize = once(
  "db_write_batch_size",
  () =>
    new client.Histogram({
      name: "db_write_batch_size",
      help: "Writes committed together by one group commit (verification look-ups, rate-limit counters).",
      buckets: [1, 2, 5, 10, 20, 50, 100, 200],
    }),
);

export const verificationLookups = once(
  "verification_lookups_total",
  () =>
    new client.Counter({
      name: "verification_lookups_total",
      help: "Verification look-ups, by verdict.",
      labelNames: ["verdict"] as const,
    }),
);

export const rateLimitRefusals = once(
  "rate_limit_refusals_total",
  () =>
    new client.Counter({
      name: "rate_limit_refusals_total",
      help: "Attempts refused by a rate limit, by limit (auth, verify, upload, 2fa, reset, password).",
      labelNames: ["limit"] as const,
    }),
);

/** What the database holds, set when a scrape asks: each read by the one function its owner gives. */
export function databaseGauge(
  name: string,
  help: string,
  labelNames: string[],
  read: () => Promise<{ labels: Record<string, string>; value: number }[]>,
) {
  return once(
    name,
    () =>
      new client.Gauge({
        name,
        help,
        labelNames,
        aggregator: "first",
        async collect() {
          const values = await read().catch(() => null);
          if (!values) return;
          this.reset();
          for (const { labels, value } of values) this.set(labels, value);
        },
      }),
  );
}

/** The workers' process metrics (CPU, memory, event-loop lag, heap), each worker's labelled by prom-client. */
export const collectProcessMetrics = () => client.collectDefaultMetrics();

/** The primary's own metrics, apart from the workers' (a registry of its own, so nothing is counted twice). */
export const primaryRegistry = new client.Registry();
export const workerRestarts = new client.Counter({
  name: "worker_restarts_total",
  help: "Request workers that died and were started again.",
  registers: [primaryRegistry],
});

const aggregator = new client.AggregatorRegistry();

/** In the primary: every worker's metrics summed, and the primary's own. */
export async function clusterMetricsText() {
  return `${(await aggregator.clusterMetrics()).trimEnd()}\n${await primaryRegistry.metrics()}`;
}

export const METRICS_CONTENT_TYPE = client.register.contentType;
