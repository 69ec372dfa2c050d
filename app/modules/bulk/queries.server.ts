import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import type { BulkJobStatus } from "~/db/schema";
import { nowIso } from "~/db/values";

const CHUNK = 500;
const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** The accounts a file names, by national id and by email (lower-cased), in chunks the databases take. */
export async function findPeople(db: DB, nins: string[], emails: string[]) {
  const columns = ["id", "role", "nin", "email", "status"] as const;
  const found = [];
  for (const part of chunks(nins))
    found.push(...(await db.selectFrom("users").select(columns).where("nin", "in", part).execute()));
  for (const part of chunks(emails))
    found.push(
      ...(await db
        .selectFrom("users")
        .select(columns)
        .where(sql<string>`lower(email)`, "in", part)
        .execute()),
    );
  return found;
}

export async function insertJob(
  db: DB,
  job: {
    clientId: number;
    categoryId: number;
    createdBy: number;
    fileName: string;
    rows: { line: number; data: string }[];
  },
) {
  const { id } = await db
    .insertInto("bulk_jobs")
    .values({
      client_id: job.clientId,
      category_id: job.categoryId,
      created_by: job.createdBy,
      file_name: job.fileName,
      total_rows: job.rows.length,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Few columns a row: 100 rows a statement stays under SQLite's and PostgreSQL's limits on parameters.
  for (let i = 0; i < job.rows.length; i += 100)
    await db
      .insertInto("bulk_job_rows")
      .values(job.rows.slice(i, i + 100).map((row) => ({ job_id: id, row_number: row.line, data: row.data })))
      .execute();
  return id;
}

export function findJob(db: DB, id: number) {
  return db
    .selectFrom("bulk_jobs")
    .innerJoin("document_categories", "document_categories.id", "bulk_jobs.category_id")
    .select([
      "bulk_jobs.id",
      "bulk_jobs.client_id",
      "bulk_jobs.category_id",
      "bulk_jobs.created_by",
      "bulk_jobs.file_name",
      "bulk_jobs.status",
      "bulk_jobs.total_rows",
      "bulk_jobs.started_at",
      "bulk_jobs.finished_at",
      "bulk_jobs.created_at",
      "document_categories.name_en as category_en",
      "document_categories.name_ar as category_ar",
    ])
    .where("bulk_jobs.id", "=", id)
    .executeTakeFirst();
}

/** How many rows are done, failed and left, and how many were done in the last minute (the rate). */
export async function jobCounts(db: DB, jobId: number, sinceIso: string) {
  const rows = await db
    .selectFrom("bulk_job_rows")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("job_id", "=", jobId)
    .groupBy("status")
    .execute();
  const recent = await db
    .selectFrom("bulk_job_rows")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("job_id", "=", jobId)
    .where("status", "=", "DONE")
    .where("finished_at", ">=", sinceIso)
    .executeTakeFirstOrThrow();
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { done: of("DONE"), failed: of("FAILED"), left: of("PENDING"), recent: Number(recent.count) };
}

/** A running job with a row no live claim holds, oldest job first. */
export async function findClaimableJob(db: DB, now: string) {
  const row = await db
    .selectFrom("bulk_job_rows")
    .innerJoin("bulk_jobs", "bulk_jobs.id", "bulk_job_rows.job_id")
    .select("bulk_job_rows.job_id")
    .where("bulk_jobs.status", "=", "RUNNING")
    .where("bulk_job_rows.status", "=", "PENDING")
    .where((eb) => eb.or([eb("bulk_job_rows.claimed_until", "is", null), eb("bulk_job_rows.claimed_until", "<", now)]))
    .orderBy("bulk_job_rows.job_id")
    .limit(1)
    .executeTakeFirst();
  return row?.job_id;
}

/**
 * Claims up to `size` of a job's free rows for one server: the conditions are checked again on each row as it is
 * updated (compare-and-set), so of two servers claiming at once each row goes to one. A claim that runs out (its
 * server died) leaves the row free again.
 */
export async function claimRows(db: DB, jobId: number, claimer: string, size: number, now: string, until: string) {
  await db
    .updateTable("bulk_job_rows")
    .set({ claimed_by: claimer, claimed_until: until })
    .where("job_id", "=", jobId)
    .where("status", "=", "PENDING")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .where("id", "in", (eb) =>
      eb
        .selectFrom("bulk_job_rows as free")
        .select("free.id")
        .where("free.job_id", "=", jobId)
        .where("free.status", "=", "PENDING")
        .where((inner) => inner.or([inner("free.claimed_until", "is", null), inner("free.claimed_until", "<", now)]))
        .orderBy("free.id")
        .limit(size),
    )
    .execute();
  return db
    .selectFrom("bulk_job_rows")
    .select(["id", "row_number", "data", "attempts"])
    .where("job_id", "=", jobId)
    .where("status", "=", "PENDING")
    .where("claimed_by", "=", claimer)
    .where("claimed_until", "=", until)
    .orderBy("id")
    .execute();
}

/** Marks a claimed row done or failed, if the claim still holds: false when another server took it meanwhile. */
export async function finishRow(
  db: DB,
  row: { id: number; claimer: string; until: string },
  values:
    { status: "DONE"; requestId: number; issuedDocumentId: number; code: string } | { status: "FAILED"; error: string },
) {
  const result = await db
    .updateTable("bulk_job_rows")
    .set(
      values.status === "DONE"
        ? {
            status: "DONE",
            request_id: values.requestId,
            issued_document_id: values.issuedDocumentId,
            verification_code: values.code,
            error: null,
            finished_at: nowIso(),
          }
        : { status: "FAILED", error: values.error, finished_at: nowIso(), attempts: sql<number>`attempts + 1` },
    )
    .where("id", "=", row.id)
    .where("status", "=", "PENDING")
    .where("claimed_by", "=", row.claimer)
    .where("claimed_until", "=", row.until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A running job with no row left becomes DONE. */
export async function finishJobIfComplete(db: DB, jobId: number) {
  await db
    .updateTable("bulk_jobs")
    .set({ status: "DONE", finished_at: nowIso() })
    .where("id", "=", jobId)
    .where("status", "=", "RUNNING")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("bulk_job_rows")
            .select("bulk_job_rows.id")
            .whereRef("bulk_job_rows.job_id", "=", "bulk_jobs.id")
            .where("bulk_job_rows.status", "=", "PENDING"),
        ),
      ),
    )
    .execute();
}

/** Moves a job from one status to another; false when it was not in `from`. */
export async function setJobStatus(db: DB, jobId: number, from: BulkJobStatus[], to: BulkJobStatus) {
  const result = await db
    .updateTable("bulk_jobs")
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

/** The failed rows of a job go back to the queue; returns how many. */
export async function requeueFailedRows(db: DB, jobId: number) {
  const result = await db
    .updateTable("bulk_job_rows")
    .set({ status: "PENDING", error: null, finished_at: null, claimed_by: null, claimed_until: null })
    .where("job_id", "=", jobId)
    .where("status", "=", "FAILED")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A job's rows in file order, a page at a time (the downloads stream them). */
export async function* jobRows(db: DB, jobId: number, onlyFailed: boolean) {
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom("bulk_job_rows")
      .select(["id", "row_number", "data", "status", "verification_code", "error", "request_id"])
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

/** The first failed rows with their reasons (the job's page shows them). */
export function failedRows(db: DB, jobId: number, limit: number) {
  return db
    .selectFrom("bulk_job_rows")
    .select(["row_number", "error"])
    .where("job_id", "=", jobId)
    .where("status", "=", "FAILED")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Jobs of a category, newest first (the upload screen lists them). */
export function jobsOfCategory(db: DB, categoryId: number, limit: number) {
  return db
    .selectFrom("bulk_jobs")
    .select(["id", "file_name", "status", "total_rows", "created_at"])
    .where("category_id", "=", categoryId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** What the runner needs of a job: its category (names, validity), client (names), and who started it. */
export function findJobContext(db: DB, jobId: number) {
  return db
    .selectFrom("bulk_jobs")
    .innerJoin("document_categories as c", "c.id", "bulk_jobs.category_id")
    .innerJoin("clients as cl", "cl.id", "bulk_jobs.client_id")
    .innerJoin("users as u", "u.id", "bulk_jobs.created_by")
    .select([
      "bulk_jobs.id",
      "bulk_jobs.status",
      "bulk_jobs.client_id",
      "bulk_jobs.category_id",
      "bulk_jobs.created_by",
      "u.role as creator_role",
      "c.name_en as category_en",
      "c.name_ar as category_ar",
      "c.validity_period_days",
      "cl.name_en as client_en",
      "cl.name_ar as client_ar",
    ])
    .where("bulk_jobs.id", "=", jobId)
    .executeTakeFirst();
}

/** The account a row names: by national id first, then by email. */
export async function findPerson(db: DB, nationalId: string | null, email: string | null) {
  const columns = [
    "id",
    "role",
    "status",
    "first_name_en",
    "father_name_en",
    "last_name_en",
    "first_name_ar",
    "father_name_ar",
    "last_name_ar",
    "nin",
  ] as const;
  const byNin = nationalId
    ? await db.selectFrom("users").select(columns).where("nin", "=", nationalId).executeTakeFirst()
    : undefined;
  if (byNin || !email) return byNin;
  return db
    .selectFrom("users")
    .select(columns)
    .where(sql<string>`lower(email)`, "=", email)
    .executeTakeFirst();
}
