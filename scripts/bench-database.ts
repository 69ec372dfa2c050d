// The database's part of `npm run bench`: the demo data scaled up, and each list's query timed against its budget.
import { sql } from "kysely";
import type { DB } from "../app/platform/db/db.server";
import { isPostgres } from "../app/platform/db/dialect";
import { rollUpRequestStatusDeltas } from "../app/platform/db/request-status-counts.server";
import {
  countRequestsByStatus,
  latestRequestsOf,
  serviceAdminCounts,
  superAdminCounts,
} from "../app/modules/dashboard/queries.server";
import { listRequests } from "../app/modules/requests/staff-queries.server";

/** Copies of the demo requests up to `target`, spread over time: one INSERT ... SELECT per batch. */
export async function scaleTo(db: DB, target: number) {
  console.log(`Scaling the demo requests to ${target}...`);
  while (true) {
    const count = Number(
      (
        await db
          .selectFrom("document_requests")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (count >= target) break;
    await sql`INSERT INTO document_requests (beneficiary_id, client_id, document_category_id, status, secure_plus_enabled, request_message, created_at, updated_at)
      SELECT beneficiary_id, client_id, document_category_id, status, secure_plus_enabled, request_message, created_at, updated_at
      FROM document_requests LIMIT ${Math.min(count, target - count)}`.execute(db);
  }
  // After the bulk insert, what the primary's roll-up of the request counts does within seconds (docs/decisions/0021),
  // and what autovacuum would do on a live database: planner statistics and the visibility map (index-only counts).
  await rollUpRequestStatusDeltas(db);
  if (isPostgres(db)) await sql`vacuum analyze`.execute(db);
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

/** The demo organisation and beneficiary the measures read as. */
export async function demoPeople(db: DB) {
  const client = await db.selectFrom("clients").select("id").orderBy("id").executeTakeFirstOrThrow();
  const beneficiary = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", "beneficiary@example.com")
    .executeTakeFirstOrThrow();
  return { client, beneficiary };
}

/** The database's budgets (docs/architecture.md §11): each query's p95 over 20 runs. */
export async function databaseBudgets(db: DB) {
  const { client, beneficiary } = await demoPeople(db);
  return [
    await measure("client's requests by status (staff dashboard)", 20, () =>
      countRequestsByStatus(db, { clientId: client.id }),
    ),
    await measure("beneficiary's latest requests", 20, () => latestRequestsOf(db, beneficiary.id)),
    await measure("client's newest page of requests (indexed)", 20, () =>
      db
        .selectFrom("document_requests")
        .selectAll()
        .where("client_id", "=", client.id)
        .orderBy("id", "desc")
        .limit(10)
        .execute(),
    ),
    await measure("the super admin's dashboard counts", 20, () => superAdminCounts(db)),
    await measure("the service admin's dashboard counts", 20, () => serviceAdminCounts(db)),
    await measure("staff request list page with its total (client scope)", 20, () =>
      listRequests(db, { clientId: client.id, page: 0, size: 10 }),
    ),
    await measure("staff request list of one category with its total", 20, () =>
      listRequests(db, { clientId: client.id, categoryId: 1, page: 0, size: 10 }),
    ),
    await measure("staff request list filtered by status", 20, () =>
      listRequests(db, { clientId: client.id, status: "PENDING", page: 3, size: 10 }),
    ),
    await measure("work queue, first page", 20, () =>
      listRequests(db, { clientId: client.id, order: "queue", page: 0, size: 10 }),
    ),
    await measure("work queue, page 50", 20, () =>
      listRequests(db, { clientId: client.id, order: "queue", page: 49, size: 10 }),
    ),
  ];
}
