// Where a round reads time: the wall clock for the times it stores and hands the policy, a
// monotonic clock for its budget and the host gap, and sleep for the gap itself. One value, so a
// benchmark can inject a virtual clock and run real rounds every 5 virtual minutes over 10 virtual
// hours without waiting (issue 14, item 8). RoundSettings.clock (systemClock unless a benchmark
// or test injects one) is read by run-round.ts (lease, round start and end, the due query),
// walk-sources.ts (budget, lease renewal, Retry-After waits), attempt-fetch.ts (startedAt,
// finishedAt: the times the store records and the policy decides from), refresh-robots.ts (once a
// day) and the request lane's gap (a LaneQueue carries its clock). The fetch timeout stays real:
// it bounds a real socket.
export type Clock = {
  now(): Date;
  /** Milliseconds on a clock that never goes back (performance.now for the real one). */
  monotonicMs(): number;
  sleep(ms: number): Promise<void>;
};

export const systemClock: Clock = {
  now: () => new Date(),
  monotonicMs: () => performance.now(),
  sleep: (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()),
};

export type VirtualClock = Clock & {
  /** Moves time on by `ms` (the benchmark's next 5-min tick). */
  advance(ms: number): void;
};

/**
 * Time that passes only when told to: a sleep moves it on at once by exactly its length, so the
 * host gap and the round budget hold in virtual time while a network exchange takes none (its
 * real duration would make runs differ). Meant for one serial round at a time, as the round walks:
 * overlapping sleeps would each advance the clock.
 */
export function createVirtualClock(start: Date): VirtualClock {
  let elapsedMs = 0;
  const readMs = (ms: number) => (Number.isFinite(ms) && ms > 0 ? ms : 0);
  return {
    now: () => new Date(start.getTime() + elapsedMs),
    monotonicMs: () => elapsedMs,
    async sleep(ms) {
      elapsedMs += readMs(ms);
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`a virtual clock only moves forward (asked to advance ${ms} ms)`);
      elapsedMs += ms;
    },
  };
}
