import type { DB } from "~/platform/db/db.server";
import { safeFileName } from "~/modules/files/file-name";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { progressOf, RATE_WINDOW_MS } from "~/platform/jobs/progress";
import { insertJob, jobCounts, requeueFailedItems, setJobStatus } from "~/platform/jobs/queries.server";
import { conflict, done, type Outcome } from "~/platform/outcome";
import { checkBulkTable, type BulkProblem, type BulkRowData } from "./check.server";
import { BULK_ISSUE } from "./job.server";
import type { findBulkJob } from "./queries.server";
import { readTable } from "./read-table.server";

/** A file's check: the rows that hold, every problem, and how many rows the file has (0 when it cannot be read). */
export interface BulkCheck {
  rows: { line: number; data: BulkRowData }[];
  problems: BulkProblem[];
  total: number;
}

/** A bulk file read and checked (the dry run): nothing is written. A file that cannot be read is one problem. */
export async function checkBulkFile(
  db: DB,
  category: { id: number; client_id: number },
  bytes: Uint8Array,
  today = new Date().toISOString().slice(0, 10),
): Promise<BulkCheck> {
  const read = await readTable(bytes);
  if (!read.ok)
    return { rows: [], total: 0, problems: [{ row: null, column: null, key: read.error, values: read.details }] };
  const checked = await checkBulkTable(db, category, read.table, today);
  return { ...checked, total: read.table.rows.length };
}

/** Starts a job for rows that all passed the check; audited. The runners of every server share it. */
export async function startBulkJob(
  db: DB,
  actor: AuditActor & { userId: number },
  category: { id: number; client_id: number },
  fileName: string,
  rows: { line: number; data: BulkRowData }[],
) {
  return db.transaction().execute(async (trx) => {
    const jobId = await insertJob(trx, {
      kind: BULK_ISSUE,
      clientId: category.client_id,
      categoryId: category.id,
      createdBy: actor.userId,
      // The file's name as any stored file's: no control or bidi characters, no path, 200 characters at most.
      title: safeFileName(fileName, "bulk"),
      items: rows.map((row) => ({ position: row.line, data: JSON.stringify(row.data) })),
    });
    await audit(trx, actor, {
      clientId: category.client_id,
      action: "bulk.start",
      entityType: "DOCUMENT_CATEGORIES",
      entityId: category.id,
      details: { jobId, rows: rows.length },
    });
    return jobId;
  });
}

type Job = NonNullable<Awaited<ReturnType<typeof findBulkJob>>>;

/** A job's counts, rate and time left. */
export async function jobProgress(db: DB, job: Job, now = Date.now()) {
  const windowStart = Math.max(now - RATE_WINDOW_MS, Date.parse(job.started_at));
  const counts = await jobCounts(db, job.id, new Date(windowStart).toISOString());
  return progressOf(counts, job.total_items, now - windowStart);
}

/** Stops a running job: the rows left stay as they are, the documents issued stay valid. */
export async function cancelBulkJob(db: DB, actor: AuditActor, job: Job): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await setJobStatus(trx, job.id, ["RUNNING"], "CANCELLED"))) return conflict("bulk.notRunning");
    await audit(trx, actor, {
      clientId: job.client_id,
      action: "bulk.cancel",
      entityType: "DOCUMENT_CATEGORIES",
      entityId: job.category_id,
      details: { jobId: job.id },
    });
    return done();
  });
}

/** The failed rows are tried again (and a cancelled job's rows left resume): the job runs again. */
export async function retryBulkJob(db: DB, actor: AuditActor, job: Job): Promise<Outcome<{ rows: number }>> {
  return db.transaction().execute(async (trx) => {
    const rows = await requeueFailedItems(trx, job.id);
    const counts = await jobCounts(trx, job.id, new Date().toISOString());
    if (counts.left === 0) return conflict("bulk.nothingToRetry");
    await setJobStatus(trx, job.id, ["DONE", "CANCELLED", "RUNNING"], "RUNNING");
    await audit(trx, actor, {
      clientId: job.client_id,
      action: "bulk.retry",
      entityType: "DOCUMENT_CATEGORIES",
      entityId: job.category_id,
      details: { jobId: job.id, rows },
    });
    return done({ rows });
  });
}
