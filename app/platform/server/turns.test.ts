import { describe, expect, it } from "vitest";
import { createTurnTaker } from "./turns";

describe("createTurnTaker", () => {
  it("starts at most N requests per event-loop turn, in arrival order, each from a later turn", async () => {
    const inTurn = createTurnTaker(2);
    let turn = 0;
    const countTurns = () => {
      turn++;
      if (turn < 50) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const startedAt: number[] = [];
    const order: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        inTurn(async () => {
          startedAt.push(turn);
          order.push(index);
          return index * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(startedAt).size).toBe(3); // two per turn
    expect(startedAt[0]).toBe(startedAt[1]);
    expect(startedAt[2]).toBeGreaterThan(startedAt[1]);
  });

  it("passes a failure on to its request", async () => {
    const inTurn = createTurnTaker(1);
    await expect(inTurn(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
