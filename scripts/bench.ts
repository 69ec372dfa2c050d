// `npm run bench`: performance budgets of DESIGN section 11 measured on demo data scaled to 100,000 requests.
// Prints one line per measurement and exits non-zero when a budget is missed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { migrateToLatest, openDatabase, setDb } from "../app/db/db.server";
import { seedDemoData } from "../app/db/seed.server";
import { countRequestsByStatus, latestRequestsOf } from "../app/modules/dashboard/queries.server";

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
];
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(results.every(Boolean) ? 0 : 1);
