import { describe, expect, it } from "vitest";
import { createBoundedWorker } from "./bounded-worker.server";

// A job that keeps its thread busy for `ms`, then answers its own name.
const BUSY = `
const { parentPort } = require("node:worker_threads");
parentPort.postMessage({ ready: true });
parentPort.on("message", ({ id, name, ms }) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
  parentPort.postMessage({ id, result: name });
});
`;

describe("a bounded worker shared between lanes", () => {
  it("takes lanes in turn: one lane's queue does not hold another's job behind it", async () => {
    const worker = createBoundedWorker<{ name: string; ms: number }, string>(BUSY, null, {
      timeoutMs: 5000,
      maxHeapMb: 32,
    });
    const finished: string[] = [];
    const run = (name: string, lane: string) =>
      worker.run({ name, ms: 50 }, [], lane).then((answer) => finished.push(answer.done ? answer.result : "lost"));
    await Promise.all([run("a1", "a"), run("a2", "a"), run("a3", "a"), run("b1", "b"), run("a4", "a")]);
    expect(finished).toEqual(["a1", "b1", "a2", "a3", "a4"]);
  });

  it("with two threads, keeps the last idle one for a lane with nothing running", async () => {
    const worker = createBoundedWorker<{ name: string; ms: number }, string>(
      BUSY,
      null,
      { timeoutMs: 10_000, maxHeapMb: 32 },
      { threads: 2 },
    );
    const heavy = Array.from({ length: 4 }, (_, index) => worker.run({ name: `a${index}`, ms: 600 }, [], "a"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const light = await worker.run({ name: "b", ms: 10 }, [], "b");
    expect(light).toEqual({ done: true, result: "b" });
    // The other thread starts for it (tens of milliseconds): it does not wait for the 600 ms jobs.
    expect(performance.now() - started).toBeLessThan(500);
    expect((await Promise.all(heavy)).map((answer) => answer.done)).toEqual([true, true, true, true]);
  });
});
