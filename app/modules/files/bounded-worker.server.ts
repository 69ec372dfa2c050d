import { Worker } from "node:worker_threads";

/**
 * Work on an uploaded file (parsing a PDF, decoding an image, stamping) runs in a worker thread within limits
 * (README, Security limits): the request workers' event loop keeps answering, and a file that costs too much
 * time or memory is refused instead of taking the process with it.
 */
export interface WorkerLimits {
  timeoutMs: number;
  maxHeapMb: number;
}

/** What a job answered, or that it passed its limits (killed on time, or out of memory). */
export type Bounded<T> = { done: true; result: T } | { done: false };

// A worker thread runs at a lower priority than the threads that answer requests: on a machine with few cores,
// stamping a thousand pages must not take the CPU from a health check or a page. On Linux, setpriority on
// "process 0" sets the calling thread's niceness only; elsewhere it may not apply, which costs nothing.
const LOWER_PRIORITY = `try { require("node:os").setPriority(0, 10); } catch {}\n`;

interface Job {
  id: number;
  message: Record<string, unknown>;
  transfer: ArrayBuffer[];
  resolve: (answer: Bounded<unknown>) => void;
}

/**
 * A worker thread running `source` (CommonJS, evaluated; it posts `{ ready: true }` once loaded, then answers
 * each `{ id, ...message }` with `{ id, result }`), one job at a time, respawned after a job that passed its
 * limits. A job's time starts when a ready worker receives it (a fresh worker's start is not the file's time).
 */
export function createBoundedWorker<Message extends Record<string, unknown>, Result>(
  source: string,
  workerData: unknown,
  limits: WorkerLimits,
) {
  let worker: { thread: Worker; ready: boolean } | null = null;
  let running: (Job & { timer: NodeJS.Timeout; thread: Worker }) | null = null;
  const queue: Job[] = [];
  let nextId = 0;

  function finish(answer: Bounded<unknown>) {
    if (!running) return;
    clearTimeout(running.timer);
    running.resolve(answer);
    running = null;
    startNext();
  }

  function spawn() {
    const thread = new Worker(LOWER_PRIORITY + source, {
      eval: true,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    const created = { thread, ready: false };
    thread.unref();
    thread.on("message", (message: { ready: true } | { id: number; result: unknown }) => {
      if ("ready" in message) {
        created.ready = true;
        startNext();
      } else if (running?.id === message.id) {
        finish({ done: true, result: message.result });
      }
    });
    // Out of memory, or killed on time: the job is refused and the next one gets a fresh worker. A worker
    // lost while starting answers the first waiting job, so one that cannot start does not respawn forever.
    const lost = () => {
      if (worker === created) worker = null;
      if (running?.thread === thread) finish({ done: false });
      else if (!created.ready && !running && queue.length > 0) {
        queue.shift()!.resolve({ done: false });
        startNext();
      }
    };
    thread.on("error", lost);
    thread.on("exit", lost);
    return created;
  }

  function startNext() {
    if (running || queue.length === 0) return;
    worker ??= spawn();
    if (!worker.ready) return; // its ready message starts the job
    const job = queue.shift()!;
    const { thread } = worker;
    const timer = setTimeout(() => {
      worker = null;
      void thread.terminate();
    }, limits.timeoutMs);
    running = { ...job, timer, thread };
    thread.postMessage({ id: job.id, ...job.message }, job.transfer);
  }

  return {
    run(message: Message, transfer: ArrayBuffer[] = []): Promise<Bounded<Result>> {
      return new Promise((resolve) => {
        queue.push({ id: ++nextId, message, transfer, resolve: resolve as (answer: Bounded<unknown>) => void });
        startNext();
      });
    },
    /** Starts the thread now rather than at the first job (a thread's start also costs the event loop). */
    warm() {
      worker ??= spawn();
    },
  };
}
