import { sql } from "kysely";
import type { DB } from "~/platform/db/db.server";
import type { JobStatus } from "~/platform/db/schema";
import { isPostgres } from "~/platform/db/dialect";
import { nowIso } from "~/platform/db/values";

/** A new job and its items (100 a statement: under SQLite's and PostgreSQL's limits on parameters). */
export async function insertJob(
  db: DB,
  job: {
    kind: string;
    clientId: number | null;
    categoryId: number | null;
    createdBy: number;
    title: string;
    items: { position: number; data: string }[];
  },
) {
  const { id } = await db
    .insertInto("jobs")
    .values({
      kind: job.kind,
      client_id: job.clientId,
      category_id: job.categoryId,
      created_by: job.createdBy,
      title: job.title,
      total_items: job.items.length,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (let i = 0; i < job.items.length; i += 100)
    await db
      .insertInto("job_items")
      .values(job.items.slice(i, i + 100).map((item) => ({ job_id: id, position: item.position, data: item.data })))
      .execute();
  return id;
}

/** How many items are done, failed and left, and how many were done since `sinceIso` (the rate). */
export async function jobCounts(db: DB, jobId: number, sinceIso: string) {
  const rows = await db
    .selectFrom("job_items")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("job_id", "=", jobId)
    .groupBy("status")
    .execute();
  const recent = await db
    .selectFrom("job_items")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("job_id", "=", jobId)
    .where("status", "=", "DONE")
    .where("finished_at", ">=", sinceIso)
    .executeTakeFirstOrThrow();
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { done: of("DONE"), failed: of("FAILED"), left: of("PENDING"), recent: Number(recent.count) };
}

/** A running job of one of these kinds with an item no live claim holds, oldest job first. */
export async function findClaimableJob(db: DB, kinds: string[], now: string) {
  if (kinds.length === 0) return undefined;
  return db
    .selectFrom("job_items")
    .innerJoin("jobs", "jobs.id", "job_items.job_id")
    .select(["jobs.id", "jobs.kind"])
    .where("jobs.status", "=", "RUNNING")
    .where("jobs.kind", "in", kinds)
    .where("job_items.status", "=", "PENDING")
    .where((eb) => eb.or([eb("job_items.claimed_until", "is", null), eb("job_items.claimed_until", "<", now)]))
    .orderBy("job_items.job_id")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims up to `size` of a job's free items for one server: the conditions are checked again on each item as it is
 * updated (compare-and-set), so of two servers claiming at once each item goes to one. A claim that runs out (its
 * server died) leaves the item free again.
 */
export async function claimItems(db: DB, jobId: number, claimer: string, size: number, now: string, until: string) {
  await db
    .updateTable("job_items")
    .set({ claimed_by: claimer, claimed_until: until })
    .where("job_id", "=", jobId)
    .where("status", "=", "PENDING")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .where("id", "in", (eb) =>
      eb
        .selectFrom("job_items as free")
        .select("free.id")
        .where("free.job_id", "=", jobId)
        .where("free.status", "=", "PENDING")
        .where((inner) => inner.or([inner("free.claimed_until", "is", null), inner("free.claimed_until", "<", now)]))
        .orderBy("free.id")
        .limit(size),
    )
    .execute();
  return db
    .selectFrom("job_items")
    .select(["id", "position", "data", "attempts"])
    .where("job_id", "=", jobId)
    .where("status", "=", "PENDING")
    .where("claimed_by", "=", claimer)
    .where("claimed_until", "=", until)
    .orderBy("id")
    .execute();
}

/** A claimed item: its job, whose claim, until when. */
export interface Claim {
  id: number;
  jobId: number;
  claimer: string;
  until: string;
}

/**
 * Marks a claimed item done (with its result) or failed, if the claim still holds and its job still runs: false when
 * another took it or the job was cancelled (the item's transaction is then undone). On PostgreSQL the job's row is
 * held (FOR SHARE) until the item's transaction ends, so a cancel waits for the items already finishing and none
 * finishes after it: cancel stops issuing at once (docs/architecture.md §21). SQLite has one writer at a time.
 */
export async function finishItem(
  db: DB,
  claim: Claim,
  outcome: { status: "DONE"; result: unknown } | { status: "FAILED"; error: string },
) {
  if (!(await holdRunningJob(db, claim.jobId))) return false;
  const finished = nowIso();
  const result = await db
    .updateTable("job_items")
    .set(
      outcome.status === "DONE"
        ? { status: "DONE", result: JSON.stringify(outcome.result), error: null, finished_at: finished }
        : { status: "FAILED", error: outcome.error, finished_at: finished, attempts: sql<number>`attempts + 1` },
    )
    .where("id", "=", claim.id)
    .where("status", "=", "PENDING")
    .where("claimed_by", "=", claim.claimer)
    .where("claimed_until", "=", claim.until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether a job still runs; on PostgreSQL its row is held against a cancel until the caller's transaction ends. */
export async function holdRunningJob(db: DB, jobId: number) {
  const query = db.selectFrom("jobs").select("status").where("id", "=", jobId);
  const job = await (isPostgres(db) ? query.forShare() : query).executeTakeFirst();
  return job?.status === "RUNNING";
}

/** Items claimed but not taken (their job stopped) are free again at once, not when their claim runs out. */
export async function releaseClaims(db: DB, itemIds: number[], claimer: string) {
  if (itemIds.length === 0) return;
  await db
    .updateTable("job_items")
    .set({ claimed_by: null, claimed_until: null })
    .where("id", "in", itemIds)
    .where("status", "=", "PENDING")
    .where("claimed_by", "=", claimer)
    .execute();
}

/** A running job with no item left becomes DONE. */
export async function finishJobIfComplete(db: DB, jobId: number) {
  await db
    .updateTable("jobs")
    .set({ status: "DONE", finished_at: nowIso() })
    .where("id", "=", jobId)
    .where("status", "=", "RUNNING")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("job_items")
            .select("job_items.id")
            .whereRef("job_items.job_id", "=", "jobs.id")
            .where("job_items.status", "=", "PENDING"),
        ),
      ),
    )
    .execute();
}

/** Moves a job from one status to another; false when it was not in `from`. */
export async function setJobStatus(db: DB, jobId: number, from: JobStatus[], to: JobStatus) {
  const result = await db
    .updateTable("jobs")
    .set({
      status: to,
      finished_at: to === "RUNNING" ? null : nowIso(),
      ...(to === "RUNNING" ? { started_at: nowIso() } : {}),
    })
    .where("id", "=", jobId)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The failed items of a job go back to the queue; returns how many. */
export async function requeueFailedItems(db: DB, jobId: number) {
  const result = await db
    .updateTable("job_items")
    .set({ status: "PENDING", error: null, finished_at: null, claimed_by: null, claimed_until: null })
    .where("job_id", "=", jobId)
    .where("status", "=", "FAILED")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A job's items in order, a page at a time (downloads stream them). */
export async function* jobItems(db: DB, jobId: number, onlyFailed: boolean) {
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom("job_items")
      .select(["id", "position", "data", "status", "result", "error"])
      .where("job_id", "=", jobId)
      .where("id", ">", after)
      .orderBy("id")
      .limit(500);
    if (onlyFailed) query = query.where("status", "=", "FAILED");
    const page = await query.execute();
    yield* page;
    if (page.length < 500) return;
    after = page[page.length - 1].id;
  }
}

/** The first failed items with their reasons. */
export function failedItems(db: DB, jobId: number, limit: number) {
  return db
    .selectFrom("job_items")
    .select(["position", "error"])
    .where("job_id", "=", jobId)
    .where("status", "=", "FAILED")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The items of running jobs by kind and state: what a scrape reports of the jobs' progress. */
export function countRunningItems(db: DB) {
  return db
    .selectFrom("job_items")
    .innerJoin("jobs", "jobs.id", "job_items.job_id")
    .select(["jobs.kind", "job_items.status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("jobs.status", "=", "RUNNING")
    .groupBy(["jobs.kind", "job_items.status"])
    .execute();
}
