// `npm run bench`: performance budgets of DESIGN section 11 measured on demo data scaled to 100,000 requests.
// Prints one line per measurement and exits non-zero when a budget is missed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { migrateToLatest, openDatabase, setDb } from "../app/db/db.server";
import { seedDemoData } from "../app/db/seed/seed.server";
import { spawn, spawnSync } from "node:child_process";
import { countRequestsByStatus, latestRequestsOf } from "../app/modules/dashboard/queries.server";
import { listRequests } from "../app/modules/requests/staff-queries.server";

const TARGET = 100_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attest-bench-"));
process.env.STORAGE_DIR = path.join(dir, "files");
const db = openDatabase(`file:${path.join(dir, "bench.db")}`);
setDb(db);
await migrateToLatest(db);
await seedDemoData(db);

const existing = Number((await db.selectFrom("document_requests").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
console.log(`Scaling ${existing} demo requests to ${TARGET}...`);
// Copies of the demo requests, spread over time: one INSERT ... SELECT per batch.
while (true) {
  const count = Number((await db.selectFrom("document_requests").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  if (count >= TARGET) break;
  await sql`INSERT INTO document_requests (beneficiary_id, client_id, document_category_id, status, secure_plus_enabled, request_message, created_at, updated_at)
    SELECT beneficiary_id, client_id, document_category_id, status, secure_plus_enabled, request_message, created_at, updated_at
    FROM document_requests LIMIT ${Math.min(count, TARGET - count)}`.execute(db);
}

async function measure(name: string, budgetMs: number, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.floor(times.length * 0.95) - 1];
  const ok = p95 <= budgetMs;
  console.log(`${ok ? "ok  " : "SLOW"} ${name}: p95 ${p95.toFixed(2)} ms (budget ${budgetMs} ms)`);
  return ok;
}

const client = await db.selectFrom("clients").select("id").orderBy("id").executeTakeFirstOrThrow();
const beneficiary = await db.selectFrom("users").select("id").where("email", "=", "beneficiary@example.com").executeTakeFirstOrThrow();
const results = [
  await measure("client's requests by status (staff dashboard)", 20, () => countRequestsByStatus(db, { clientId: client.id })),
  await measure("beneficiary's latest requests", 20, () => latestRequestsOf(db, beneficiary.id)),
  await measure("client's newest page of requests (indexed)", 20, () =>
    db.selectFrom("document_requests").selectAll().where("client_id", "=", client.id).orderBy("id", "desc").limit(10).execute(),
  ),
  await measure("staff request list page with its total (client scope)", 100, () => listRequests(db, { clientId: client.id, page: 0, size: 10 })),
  await measure("staff request list filtered by status", 100, () => listRequests(db, { clientId: client.id, status: "PENDING", page: 3, size: 10 })),
];
const code = (await db.selectFrom("issued_documents").select("verification_code").where("status", "=", "VALID").executeTakeFirstOrThrow()).verification_code;
await db.destroy();

// DESIGN 11: the verification page at 50 concurrent connections, p99 under 100 ms (production build).
if (!fs.existsSync("build/server/index.js")) {
  console.log("Building the app for the HTTP benchmark...");
  await new Promise((resolve) => spawn("npx", ["react-router", "build"], { stdio: "inherit" }).on("exit", resolve));
}
const port = 4399;
const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: `file:${path.join(dir, "bench.db")}`, DEMO_DATA: "off", VERIFY_RATE_LIMIT: "100000000", SESSION_SECRET: "bench" },
  stdio: "ignore",
});
const url = `http://127.0.0.1:${port}/verify/${code}`;
for (let i = 0; i < 100; i++) {
  if ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
// Warm up, then measure with wrk when it is installed (apt-get install wrk), else with fetch from this process.
await Promise.all(Array.from({ length: 20 }, () => fetch(url).then((response) => response.arrayBuffer())));
let p99: number;
let label: string;
const wrk = spawnSync("wrk", ["-t2", "-c50", "-d10s", "--latency", url], { encoding: "utf8" });
if (wrk.status === 0) {
  const match = wrk.stdout.match(/99%\s+([\d.]+)(us|ms|s)/)!;
  p99 = Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];
  label = `wrk, ${wrk.stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1]} requests/s`;
} else {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let i = 0; i < 40; i++) {
        const start = performance.now();
        await (await fetch(url)).arrayBuffer();
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  p99 = latencies[Math.floor(latencies.length * 0.99) - 1];
  label = `fetch from the benchmark process, ${latencies.length} requests`;
}
server.kill("SIGTERM");
const httpOk = p99 <= 100;
console.log(`${httpOk ? "ok  " : "SLOW"} verification page, 50 concurrent connections (${label}): p99 ${p99.toFixed(1)} ms (budget 100 ms)`);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(results.every(Boolean) && httpOk ? 0 : 1);
