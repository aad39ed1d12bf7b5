// The lanes of a process (TIDINGS_FETCH_LANES): several turns out at once, never two for one
// registrable domain, each domain's gap kept, and no head-of-line blocking. Each test makes its
// own lanes on the system clock, so the process's are not touched.
import { describe, expect, it } from "vitest";
import { createLaneQueue, takeTurn } from "@/lib/pipeline/lanes/request-lane";
import { systemClock } from "@/lib/base/clock";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for a turn and reports when it came (ms after `origin`), without releasing it. */
function ask(lanes: ReturnType<typeof createLaneQueue>, url: string, gapMs: number, origin: number) {
  return takeTurn(new URL(url), gapMs, lanes).then((turn) => ({ turn, at: performance.now() - origin }));
}

describe("the lanes of a process", () => {
  it("gives as many turns at once as there are lanes, each to another domain", async () => {
    const lanes = createLaneQueue(systemClock, 3);
    const origin = performance.now();
    const granted = await Promise.all(
      ["https://a.example/1", "https://b.example/1", "https://c.example/1"].map((url) => ask(lanes, url, 0, origin)),
    );
    for (const { at } of granted) expect(at).toBeLessThan(50);
    let fourth = false;
    const waiting = takeTurn(new URL("https://d.example/1"), 0, lanes).then((turn) => ((fourth = true), turn));
    await pause(50);
    expect(fourth).toBe(false); // three lanes, three turns out
    granted[0]!.turn.release();
    (await waiting).release();
    expect(fourth).toBe(true);
    for (const { turn } of granted) turn.release();
  });

  it("never gives two turns at once to one registrable domain, however many lanes are free", async () => {
    const lanes = createLaneQueue(systemClock, 8);
    const first = await takeTurn(new URL("https://one.example.com/feed"), 0, lanes);
    let second = false;
    const waiting = takeTurn(new URL("https://two.example.com/feed"), 0, lanes).then((turn) => ((second = true), turn));
    await pause(50);
    expect(second).toBe(false);
    first.release();
    (await waiting).release();
    expect(second).toBe(true);
  });

  it("keeps each domain's gap, and a domain inside its gap holds no lane back (no head-of-line blocking)", async () => {
    const GAP = 300;
    const lanes = createLaneQueue(systemClock, 1);
    (await takeTurn(new URL("https://slow.example/1"), GAP, lanes)).release();
    const origin = performance.now();
    // Asked first, but inside its domain's gap: the one lane goes to the other domain meanwhile.
    const sameDomain = ask(lanes, "https://slow.example/2", GAP, origin);
    const otherDomain = ask(lanes, "https://fast.example/1", GAP, origin);
    const other = await otherDomain;
    expect(other.at).toBeLessThan(GAP / 3);
    other.turn.release();
    const same = await sameDomain;
    expect(same.at).toBeGreaterThanOrEqual(GAP - 15);
    same.turn.release();
  });

  it("serves one domain's waiters in the order they asked", async () => {
    const lanes = createLaneQueue(systemClock, 4);
    const first = await takeTurn(new URL("https://queue.example/0"), 0, lanes);
    const order: number[] = [];
    const waiters = [1, 2, 3].map((index) =>
      takeTurn(new URL(`https://queue.example/${index}`), 0, lanes).then((turn) => {
        order.push(index);
        return turn;
      }),
    );
    first.release();
    for (const waiter of waiters) (await waiter).release();
    expect(order).toEqual([1, 2, 3]);
  });

  it("measures the wait for a turn, gap included", async () => {
    const lanes = createLaneQueue(systemClock, 2);
    (await takeTurn(new URL("https://wait.example/1"), 200, lanes)).release();
    const turn = await takeTurn(new URL("https://wait.example/2"), 200, lanes);
    turn.release();
    expect(turn.waitedMs).toBeGreaterThanOrEqual(185);
    expect(turn.waitedMs).toBeLessThan(400);
  });
});
