import crypto from "node:crypto";
import os from "node:os";
import { getDb, type DB } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import {
  claimItems,
  findClaimableJob,
  finishItem,
  finishJobIfComplete,
  holdRunningJob,
  releaseClaims,
  type Claim,
} from "./queries.server";
import { errorField, logger } from "~/platform/log/logger.server";

/**
 * A kind of job (docs/architecture.md §21): how it gets ready for a chunk of its job, and does one item. An item's
 * work ends with `finishItem` in the transaction of its changes; throwing `LostClaim` there undoes them.
 */
export interface JobKind<Context> {
  kind: string;
  /** What every item of the job needs (read once a chunk); null: the job cannot run, its items fail with `error`. */
  prepare: (db: DB, jobId: number) => Promise<Context | null>;
  /** Does one item; a thrown error (other than LostClaim) marks it FAILED with `failure`. */
  run: (db: DB, context: Context, item: { id: number; data: string }, claim: Claim) => Promise<void>;
  /** The locale key of an item that failed for an unexpected reason, or whose job could not be prepared. */
  failure: string;
}

/** Thrown inside an item's transaction when its claim was lost to another server: the item's work is undone. */
export class LostClaim extends Error {}

/** Items claimed at once, and how many are in flight together (one in the stamp's thread while another signs). */
const CHUNK = 10;
const IN_FLIGHT = 2;
const POLL_MS = 500;

/** This process's name in its claims: host, process and a random part (a restarted process is another claimer). */
const CLAIMER = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;

/**
 * THE job runner: claims a chunk of the oldest running job of these kinds and does its items; returns how many it
 * took. Every request worker of every server runs it, and they share each job.
 */
export async function runJobChunk(
  db: DB,
  kinds: JobKind<never>[],
  claimer = CLAIMER,
  now = new Date(),
): Promise<number> {
  const job = await findClaimableJob(
    db,
    kinds.map((kind) => kind.kind),
    now.toISOString(),
  );
  const handler = job && (kinds.find((kind) => kind.kind === job.kind) as JobKind<unknown> | undefined);
  if (!job || !handler) return 0;
  const until = new Date(now.getTime() + env.bulkClaimMs).toISOString();
  const items = await claimItems(db, job.id, claimer, CHUNK, now.toISOString(), until);
  const context = await handler.prepare(db, job.id);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      // A cancelled job takes no further item of the chunk in hand; the rest are freed for a retry.
      if (!(await holdRunningJob(db, job.id))) {
        const left = [item, ...items.slice(next)].map((untaken) => untaken.id);
        next = items.length;
        await releaseClaims(db, left, claimer);
        return;
      }
      const claim = { id: item.id, jobId: job.id, claimer, until };
      if (context === null) {
        await finishItem(db, claim, { status: "FAILED", error: handler.failure });
        continue;
      }
      try {
        await handler.run(db, context, item, claim);
      } catch (error) {
        if (error instanceof LostClaim) {
          // Lost to a cancel: free it for a retry (lost to another server, it is no longer this claimer's).
          await releaseClaims(db, [item.id], claimer);
          continue;
        }
        logger.error({ jobId: job.id, kind: job.kind, itemId: item.id, err: errorField(error) }, "job item failed");
        await finishItem(db, claim, { status: "FAILED", error: handler.failure }).catch(() => {});
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  await finishJobIfComplete(db, job.id);
  return items.length;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<unknown> = Promise.resolve();
let stopped = true;

/** Runs in every request worker: takes chunks while there are items, then polls. */
export function startJobRunner(kinds: JobKind<never>[]) {
  if (!stopped) return;
  stopped = false;
  const loop = async () => {
    if (stopped) return;
    let taken = 0;
    running = runJobChunk(getDb(), kinds)
      .then((count) => {
        taken = count;
      })
      .catch((error) => logger.error({ err: errorField(error) }, "job runner failed"));
    await running;
    if (!stopped) timer = setTimeout(loop, taken > 0 ? 0 : POLL_MS).unref();
  };
  timer = setTimeout(loop, POLL_MS).unref();
}

/** Stops taking chunks and waits for the one in hand. */
export async function stopJobRunner() {
  stopped = true;
  clearTimeout(timer);
  await running;
}
