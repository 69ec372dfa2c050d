/**
 * Production server (compiled JavaScript only: the app is build/server/index.js). The primary process
 * migrates the database, then runs WEB_CONCURRENCY workers (default: one per core) behind one port,
 * starts a new worker when one dies (and logs why), and on SIGTERM lets every worker finish its
 * in-flight requests. Run with `npm start` (builds first when needed).
 */
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
const BUILD = path.resolve("build/server/index.js");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const workerCount = Math.max(1, Number.parseInt(process.env.WEB_CONCURRENCY ?? "", 10) || os.availableParallelism());
const DRAIN_MS = 10_000;

const build = await import(pathToFileURL(BUILD).href);

// Each worker accepts its own connections from the shared socket. With the default round-robin the
// primary hands them over by IPC, and a busy worker takes one per event-loop turn: at the start of a
// load of 50 connections, the last ones waited seconds for their first answer (the bench's p99).
// An idle worker is also the first to wake for a new connection, which spreads the load.
cluster.schedulingPolicy = cluster.SCHED_NONE;

if (cluster.isPrimary) await runPrimary();
else runWorker();

async function runPrimary() {
  const { seeded } = await build.startup().catch((error) => {
    // A configuration the server cannot start with (DATABASE_URL, an unreadable database): say what, and stop.
    build.logger.fatal(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  if (seeded) build.logger.info("Demo data seeded into an empty database.");
  build.startMailSender();
  build.startWebhookSender();
  build.startFileSweeper();
  build.startAuditCheckpoints();
  build.startRetentionSweep();
  build.startCountsRollUp();
  serveMetrics();
  let stopping = false;
  let announced = false;
  let listening = 0;

  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", async () => {
      worker.started = true;
      // Ready once every worker listens: until then a worker's death is a start-up failure.
      if (announced || ++listening < workerCount) return;
      announced = true;
      build.logger.info(
        `Documents & Attestations is ready on ${process.env.PUBLIC_URL ?? `http://localhost:${port}`} (${workerCount} worker${workerCount > 1 ? "s" : ""})`,
      );
      if ((process.env.DEMO_DATA ?? "on") !== "off") await build.printDemoAccounts();
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const why = signal ? `killed by ${signal}` : `exited with code ${code}`;
    if (!worker.started) {
      // Dying before listening is a configuration error (port taken, unreadable database): restarting would loop.
      build.logger.fatal(
        { worker: worker.process.pid },
        `Worker ${worker.process.pid} ${why} before it could listen; stopping.`,
      );
      process.exit(1);
    }
    build.logger.error({ worker: worker.process.pid }, `Worker ${worker.process.pid} ${why}; starting a new one.`);
    build.workerRestarted();
    fork();
  });
  for (let i = 0; i < workerCount; i++) fork();

  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    build.logger.info(`${signal} received: every worker finishes its in-flight requests...`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    const check = setInterval(async () => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      clearInterval(check);
      await build.stopFileSweeper();
      await build.stopAuditCheckpoints();
      await build.stopRetentionSweep();
      await build.stopCountsRollUp();
      await build.stopMailSender();
      await build.stopWebhookSender();
      await build.shutdown();
      build.logger.info("Stopped.");
      process.exit(0);
    }, 50);
    setTimeout(() => {
      build.logger.error(`Forced exit after ${DRAIN_MS / 1000} s.`);
      process.exit(1);
    }, DRAIN_MS + 1000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * `/metrics` (docs/decisions/0017): the primary sums its workers' metrics. A worker asks for them when a scrape
 * with METRICS_TOKEN reaches it; METRICS_PORT serves them on 127.0.0.1 only, apart from the service's port.
 */
function serveMetrics() {
  cluster.on("message", (worker, message) => {
    if (message?.type !== build.METRICS_ASK) return;
    build.clusterMetricsText().then(
      (text) => worker.send({ type: build.METRICS_ANSWER, id: message.id, text }),
      (error) => build.logger.error({ reason: String(error) }, "metrics could not be gathered"),
    );
  });
  const metricsPort = Number(process.env.METRICS_PORT ?? "");
  if (!metricsPort) return;
  http
    .createServer((req, res) => {
      if (req.url !== "/metrics") {
        res.writeHead(404).end();
        return;
      }
      build.clusterMetricsText().then(
        (text) => res.writeHead(200, { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" }).end(text),
        () => res.writeHead(500).end(),
      );
    })
    .listen(metricsPort, "127.0.0.1");
}

function runWorker() {
  const listener = http.createServer(
    build.createListener({
      clientDir: path.resolve("build/client"),
      hsts: (process.env.PUBLIC_URL ?? "").startsWith("https://"),
      trustProxy: process.env.TRUST_PROXY === "1",
    }),
  );
  listener.listen(port, host);
  // Jobs (bulk issuance) are shared by every worker of every server (docs/architecture.md §21).
  listener.once("listening", () => build.startJobRunner());

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    // Stop accepting connections, let in-flight requests finish, then close the database.
    listener.close(async () => {
      await build.stopJobRunner();
      await build.shutdown();
      process.exit(0);
    });
    listener.closeIdleConnections();
    setTimeout(() => {
      build.logger.error(`Worker ${process.pid}: forced exit after ${DRAIN_MS / 1000} s.`);
      process.exit(1);
    }, DRAIN_MS).unref();
  };
  process.on("SIGTERM", shutdown);
  // Ctrl+C reaches the whole process group: the primary coordinates the stop.
  process.on("SIGINT", () => {});
}
