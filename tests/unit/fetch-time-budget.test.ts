import { describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { createTimeBudget } from "@/lib/pipeline/fetch/time-budget";

describe("a fetch's time budget", () => {
  it("counts only the time it runs: a wait in the lane is neither spent from the budget nor part of the duration", async () => {
    const budget = createTimeBudget(60_000);
    const wallStarted = performance.now();
    budget.run();
    await sleep(30);
    budget.pause();
    await sleep(60); // waiting for the lane's turn
    budget.run();
    await sleep(20);
    const elapsed = budget.elapsedMs();
    const wall = performance.now() - wallStarted;
    expect(elapsed).toBeGreaterThanOrEqual(49);
    expect(wall - elapsed).toBeGreaterThanOrEqual(59);
    expect(budget.signal.aborted).toBe(false);
  });

  it("is exhausted by running time alone", async () => {
    const budget = createTimeBudget(20);
    budget.run();
    await sleep(60);
    expect(budget.signal.aborted).toBe(true);
  });
});
