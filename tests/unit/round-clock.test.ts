import { describe, expect, it } from "vitest";
import { createVirtualClock, systemClock } from "@/lib/base/clock";

const START = new Date("2025-01-06T00:00:00.000Z");

describe("a virtual clock moves only when the round waits or the benchmark advances it", () => {
  it("starts at its start, and a sleep moves wall and monotonic time by exactly its length", async () => {
    const clock = createVirtualClock(START);
    expect([clock.now().toISOString(), clock.monotonicMs()]).toEqual(["2025-01-06T00:00:00.000Z", 0]);
    await clock.sleep(1500);
    expect([clock.now().toISOString(), clock.monotonicMs()]).toEqual(["2025-01-06T00:00:01.500Z", 1500]);
  });

  it("advances by the benchmark's tick", () => {
    const clock = createVirtualClock(START);
    for (let tick = 0; tick < 120; tick += 1) clock.advance(5 * 60_000);
    expect(clock.now().toISOString()).toBe("2025-01-06T10:00:00.000Z");
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("a sleep of %s ms is no wait at all", async (ms) => {
    const clock = createVirtualClock(START);
    await clock.sleep(ms);
    expect(clock.monotonicMs()).toBe(0);
  });

  it.each([-1, Number.NaN])("refuses to advance by %s ms", (ms) => {
    expect(() => createVirtualClock(START).advance(ms)).toThrow(RangeError);
  });
});

describe("the system clock", () => {
  it("sleeps at least the time asked, on a clock that never goes back", async () => {
    const before = systemClock.monotonicMs();
    await systemClock.sleep(0);
    await systemClock.sleep(10);
    expect(systemClock.monotonicMs() - before).toBeGreaterThanOrEqual(9);
    expect(Math.abs(systemClock.now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
