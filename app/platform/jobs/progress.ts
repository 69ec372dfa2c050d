/** A job's progress as its page shows it (docs/architecture.md §21). */
export interface JobProgress {
  total: number;
  done: number;
  failed: number;
  left: number;
  /** Documents a second over the last minute; null before there is one to count. */
  rate: number | null;
  /** Seconds until the rows left are done at that rate; null when unknown. */
  secondsLeft: number | null;
}

/** The rate counts the documents issued over the last minute, or since the job (re)started when that is sooner. */
export const RATE_WINDOW_MS = 60_000;

export function progressOf(
  counts: { done: number; failed: number; left: number; recent: number },
  total: number,
  windowMs: number,
): JobProgress {
  const seconds = Math.max(windowMs, 1000) / 1000;
  const rate = counts.recent > 0 ? counts.recent / seconds : null;
  return {
    total,
    done: counts.done,
    failed: counts.failed,
    left: counts.left,
    rate,
    secondsLeft: rate && counts.left > 0 ? Math.ceil(counts.left / rate) : null,
  };
}
