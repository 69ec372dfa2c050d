import { errorField, logger } from "~/platform/log/logger.server";

export interface Poller {
  /** Runs `task` every `everyMs` (and at once when `now`), never two runs at a time; a failure is logged. */
  start(task: () => Promise<unknown>, options?: { now?: boolean }): void;
  /** Stops the timer and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * THE background loop of a process (the mail and webhook senders, the storage sweeper): one timer that does not
 * keep the process alive, a run skipped while the last one is still going, and a stop that waits for it.
 */
export function createPoller(what: string, everyMs: number): Poller {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | null = null;
  const run = (task: () => Promise<unknown>) => {
    if (running) return;
    running = task()
      .catch((error) => logger.error({ err: errorField(error) }, `${what} failed`))
      .finally(() => {
        running = null;
      });
  };
  return {
    start(task, options = {}) {
      if (timer) return;
      if (options.now) run(task);
      timer = setInterval(() => run(task), everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
