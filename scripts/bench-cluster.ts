// `npm run bench:cluster`: how the server scales with its workers (docs/architecture.md §11). On a small machine the
// load generator takes a core from the server, so it is held to one core (taskset -c 0) and the server is started
// with 1, 2 and 4 workers; each line gives requests a second in all and per worker. Reading: with N cores, workers
// beyond N - 1 share the cores left to them, so the figure per worker falls; that is the machine, not the server.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openDatabase, setDb } from "../app/platform/db/db.server";
import { prepareBulkJob } from "./bench-bulk";

const WORKERS = (process.env.BENCH_CLUSTER_WORKERS ?? "1,2,4").split(",").map(Number);
const PORT = 4395;
const url = `http://127.0.0.1:${PORT}`;

if (spawnSync("taskset", ["--version"]).status !== 0) {
  console.error("taskset (util-linux) is needed to hold the load generator to one core.");
  process.exit(1);
}
if (!fs.existsSync("build/server/index.js")) spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attest-cluster-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(PORT),
  DATABASE_URL: `file:${path.join(dir, "app.db")}`,
  STORAGE_DIR: path.join(dir, "files"),
  SESSION_SECRET: "cluster",
  PIN_SECRET: "cluster",
  SIGNING_KEY_SECRET: "cluster",
  DEMO_DATA: "on",
  VERIFY_RATE_LIMIT: "1000000000",
  AUTH_RATE_LIMIT: "1000000000",
};

async function startServer(workers: number) {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...env, WEB_CONCURRENCY: String(workers) },
    stdio: "ignore",
  });
  for (let i = 0; ; i++) {
    if ((await fetch(`${url}/healthz`).catch(() => null))?.status === 200) break;
    if (i > 300) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Every worker listening: the primary forks them one after another.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return child;
}

/** autocannon in a process of its own, on core 0 only. */
function load(target: string, headers: Record<string, string>, seconds: number) {
  const args = [
    "-c",
    "0",
    process.execPath,
    "node_modules/autocannon/autocannon.js",
    "-c",
    "50",
    "-d",
    String(seconds),
    "-j",
  ];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  const result = spawnSync("taskset", [...args, target], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const json = JSON.parse(result.stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
  };
  return { rps: json.requests.average, p50: json.latency.p50, p99: json.latency.p99, errors: json.non2xx };
}

const first = await startServer(1);
const db = new Database(path.join(dir, "app.db"), { readonly: true });
const code = (
  db.prepare("SELECT verification_code AS code FROM issued_documents WHERE status = 'VALID' LIMIT 1").get() as {
    code: string;
  }
).code;
const category = (db.prepare("SELECT id FROM document_categories ORDER BY id LIMIT 1").get() as { id: number }).id;
db.close();
const signIn = await fetch(`${url}/login`, {
  method: "POST",
  headers: { Origin: url },
  body: new URLSearchParams({ email: "clerk@example.com", password: "Demo-Pass-2026" }),
  redirect: "manual",
});
const cookie = signIn.headers
  .getSetCookie()
  .map((value) => value.split(";")[0])
  .filter((value) => /session=.+/.test(value))
  .at(-1)!;
first.kill("SIGTERM");
await new Promise((resolve) => first.once("exit", resolve));

const TARGETS: { name: string; path: string; headers: Record<string, string> }[] = [
  { name: "/healthz", path: "/healthz", headers: {} },
  { name: "/verify/{code}", path: `/verify/${code}`, headers: {} },
  {
    name: "clerk's request list",
    path: `/clerks/document-categories/requests/${category}`,
    headers: { Cookie: cookie },
  },
];

console.log(`${os.availableParallelism()} cores; the load generator on core 0 only (taskset).`);
console.log(
  `${"target".padEnd(24)} ${"workers".padStart(8)} ${"req/s".padStart(10)} ${"per worker".padStart(11)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)}`,
);
for (const workers of WORKERS) {
  const server = await startServer(workers);
  for (const target of TARGETS) {
    load(`${url}${target.path}`, target.headers, 2); // warm-up
    const measured = load(`${url}${target.path}`, target.headers, 8);
    console.log(
      `${target.name.padEnd(24)} ${String(workers).padStart(8)} ${measured.rps.toFixed(0).padStart(10)} ${(measured.rps / workers).toFixed(0).padStart(11)} ${String(measured.p50).padStart(7)} ${String(measured.p99).padStart(7)}${measured.errors ? `  ${measured.errors} errors` : ""}`,
    );
  }
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}

// docs/architecture.md §11: bulk issuance by one and by two runner processes (as two workers run it), signing off.
console.log("");
const ROWS = 600;
/** CPU seconds the whole machine has been busy (/proc/stat), to tell a runner's limit from the machine's. */
const busyCores = () => {
  const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  return (ticks.reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) / 100;
};
const jobDb = openDatabase(env.DATABASE_URL);
setDb(jobDb);
process.env.STORAGE_DIR = env.STORAGE_DIR;
process.env.SIGNING_KEY_SECRET = env.SIGNING_KEY_SECRET;
const rates: number[] = [];
for (const runners of [1, 2]) {
  await prepareBulkJob(jobDb, false, ROWS, `cluster-${runners}`);
  const children = Array.from({ length: runners }, () =>
    spawn("npx", ["tsx", "scripts/bench-bulk-runner.ts"], {
      env: { ...env, PDF_SIGNING: "off" },
      stdio: ["pipe", "pipe", "inherit"],
    }),
  );
  // Timed from when every runner has loaded the app.
  await Promise.all(children.map((child) => new Promise((resolve) => child.stdout!.once("data", resolve))));
  const start = performance.now();
  const cpuBefore = busyCores();
  for (const child of children) child.stdin!.write("go\n");
  await Promise.all(children.map((child) => new Promise((resolve) => child.once("exit", resolve))));
  const seconds = (performance.now() - start) / 1000;
  rates.push(ROWS / seconds);
  const cores = (busyCores() - cpuBefore) / seconds;
  console.log(
    `bulk issuance of ${ROWS} documents, signing off, ${runners} runner${runners > 1 ? "s" : ""}: ${rates.at(-1)!.toFixed(1)} documents/s, the machine ${cores.toFixed(2)} of ${os.availableParallelism()} cores busy`,
  );
}
await jobDb.destroy();
const scaling = rates[1] / rates[0];
console.log(`${scaling >= 1.7 ? "ok  " : "SLOW"} two runners issue x${scaling.toFixed(2)} of one (budget x1.7)`);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(scaling >= 1.7 ? 0 : 1);
