import fs from "node:fs";
import { Worker } from "node:worker_threads";

/**
 * Work on an uploaded file (parsing a PDF, decoding an image, stamping) runs in a worker thread within limits
 * (README, Security limits): the request workers' event loop keeps answering, and a file that costs too much
 * time or memory is refused instead of taking the process with it.
 */
export interface WorkerLimits {
  /** Wall-clock time a job may take (a busy machine's waits count: with cpuMs, only a backstop). */
  timeoutMs: number;
  maxHeapMb: number;
  /**
   * CPU time a job may use, its thread's own (Linux: /proc): a busy server's waits do not count against a file. A
   * job may add cpuMsPerUnit for each unit of work it finds it holds (`{ id, cpuUnits }`: a PDF's pages). Where
   * /proc is not, timeoutMs alone.
   */
  cpuMs?: number;
  cpuMsPerUnit?: number;
}

/** What a job answered, or that it passed its limits (killed on time, or out of memory). */
export type Bounded<T> = { done: true; result: T } | { done: false };

// A worker thread runs at a lower priority than the threads that answer requests: on a machine with few cores,
// stamping a thousand pages must not take the CPU from a health check or a page. On Linux, setpriority on
// "process 0" sets the calling thread's niceness only; elsewhere it may not apply, which costs nothing.
const LOWER_PRIORITY = `try { require("node:os").setPriority(0, 10); } catch {}\n`;
// The thread says its kernel thread id first (Linux), so its CPU time can be read from /proc while it works.
const SAY_THREAD_ID = `try { require("node:worker_threads").parentPort.postMessage({ tid: Number(require("node:fs").readFileSync("/proc/thread-self/stat", "utf8").split(" ")[0]) }); } catch {}\n`;
const CPU_POLL_MS = 50;
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** The CPU time (user and system) a thread of this process has used, in ms, or null where /proc cannot say. */
function threadCpuMs(tid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

interface Job {
  id: number;
  lane: string;
  message: Record<string, unknown>;
  transfer: ArrayBuffer[];
  resolve: (answer: Bounded<unknown>) => void;
}

/** One thread of the pool: its worker (spawned when needed) and the job it runs. */
interface Slot {
  worker: { thread: Worker; ready: boolean; tid: number | null } | null;
  running:
    | (Job & {
        timer: NodeJS.Timeout;
        thread: Worker;
        cpu?: { startMs: number; budgetMs: number; poll: NodeJS.Timeout };
      })
    | null;
}

/**
 * Worker threads running `source` (CommonJS, evaluated; it posts `{ ready: true }` once loaded, then answers each
 * `{ id, ...message }` with `{ id, result }`), one job at a time each, respawned after a job that passed its limits.
 * A job's time starts when a ready worker receives it (a fresh worker's start is not the file's time).
 *
 * Jobs wait in lanes (an organisation's, for stamping) taken in turn, so one lane's long queue does not hold
 * another's job behind it. With more than one thread, the last idle thread is kept for a lane that has nothing
 * running: a lane alone uses all threads but one, and another lane's job starts at once (README, Security limits).
 */
export function createBoundedWorker<Message extends Record<string, unknown>, Result>(
  source: string,
  workerData: unknown,
  limits: WorkerLimits,
  options: { threads?: number } = {},
) {
  const slots: Slot[] = Array.from({ length: options.threads ?? 1 }, () => ({ worker: null, running: null }));
  /** Waiting jobs by lane; the lanes in the order they are served (a served lane goes to the back). */
  const lanes = new Map<string, Job[]>();
  let nextId = 0;

  const runningIn = (lane: string) => slots.filter((slot) => slot.running?.lane === lane).length;

  /** The next job for an idle thread, in turn between lanes; null when none may start now. */
  function takeJob(idleSlots: number): Job | null {
    for (const [lane, jobs] of lanes) {
      if (idleSlots <= 1 && slots.length > 1 && runningIn(lane) > 0) continue;
      const job = jobs.shift()!;
      lanes.delete(lane);
      if (jobs.length > 0) lanes.set(lane, jobs);
      return job;
    }
    return null;
  }

  function finish(slot: Slot, answer: Bounded<unknown>) {
    if (!slot.running) return;
    clearTimeout(slot.running.timer);
    if (slot.running.cpu) clearInterval(slot.running.cpu.poll);
    const { thread } = slot.running;
    slot.running.resolve(answer);
    slot.running = null;
    startNext();
    // A thread is held while it starts or works, and let go when idle: an idle pool must not keep a script
    // (npm run db:seed) from exiting.
    if (!slot.running) thread.unref();
  }

  function spawn(slot: Slot) {
    const thread = new Worker(LOWER_PRIORITY + SAY_THREAD_ID + source, {
      eval: true,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    const created: NonNullable<Slot["worker"]> = { thread, ready: false, tid: null };
    type Message =
      { ready: true } | { tid: number } | { id: number; cpuUnits: number } | { id: number; result: unknown };
    thread.on("message", (message: Message) => {
      if ("tid" in message) created.tid = message.tid;
      else if ("cpuUnits" in message) {
        if (slot.running?.id === message.id && slot.running.cpu)
          slot.running.cpu.budgetMs = (limits.cpuMs ?? 0) + Math.max(0, message.cpuUnits) * (limits.cpuMsPerUnit ?? 0);
      } else if ("ready" in message) {
        created.ready = true;
        startNext();
      } else if (slot.running?.id === message.id) {
        finish(slot, { done: true, result: message.result });
      }
    });
    // Out of memory, or killed on time: the job is refused and the next one gets a fresh worker. A worker
    // lost while starting answers the first waiting job, so one that cannot start does not respawn forever.
    const lost = () => {
      if (slot.worker === created) slot.worker = null;
      if (slot.running?.thread === thread) finish(slot, { done: false });
      else if (!created.ready && !slot.running) {
        const job = takeJob(Number.POSITIVE_INFINITY);
        if (job) {
          job.resolve({ done: false });
          startNext();
        }
      }
    };
    thread.on("error", lost);
    thread.on("exit", lost);
    return created;
  }

  function startNext() {
    for (const slot of slots) {
      if (slot.running || lanes.size === 0) continue;
      if (!slot.worker) {
        // One thread starts at a time: a second is spawned only if the jobs still wait once the first is ready.
        if (slots.some((other) => other.worker && !other.worker.ready)) continue;
        slot.worker = spawn(slot);
      }
      if (!slot.worker.ready) continue; // its ready message starts a job
      const job = takeJob(slots.filter((candidate) => !candidate.running).length);
      if (!job) return;
      const { thread } = slot.worker;
      const stop = () => {
        slot.worker = null;
        void thread.terminate();
      };
      const timer = setTimeout(stop, limits.timeoutMs);
      thread.ref();
      slot.running = { ...job, timer, thread };
      const { tid } = slot.worker;
      const startMs = limits.cpuMs && tid !== null ? threadCpuMs(tid) : null;
      if (limits.cpuMs && tid !== null && startMs !== null) {
        const cpu = {
          startMs,
          budgetMs: limits.cpuMs,
          poll: setInterval(() => {
            const used = threadCpuMs(tid);
            if (used !== null && used - cpu.startMs > cpu.budgetMs) stop();
          }, CPU_POLL_MS),
        };
        cpu.poll.unref();
        slot.running.cpu = cpu;
      }
      thread.postMessage({ id: job.id, ...job.message }, job.transfer);
    }
  }

  return {
    /** Runs a job in its lane (one lane for all when none is given). */
    run(message: Message, transfer: ArrayBuffer[] = [], lane = ""): Promise<Bounded<Result>> {
      return new Promise((resolve) => {
        const job = { id: ++nextId, lane, message, transfer, resolve: resolve as Job["resolve"] };
        const waiting = lanes.get(lane);
        if (waiting) waiting.push(job);
        else lanes.set(lane, [job]);
        startNext();
      });
    },
    /** Starts the first thread now rather than at the first job (a thread's start also costs the event loop). */
    warm() {
      slots[0].worker ??= spawn(slots[0]);
    },
  };
}
