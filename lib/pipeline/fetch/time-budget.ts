// The total time budget of one fetch (TIDINGS_FETCH_TIMEOUT_MS) counts the time spent with the
// publisher, not the time spent waiting in the lane for a turn: a hop that waits out a 60 s
// Crawl-delay must not arrive already out of time.
export type TimeBudget = {
  signal: AbortSignal;
  run(): void;
  pause(): void;
  /** Time spent running so far (with the publisher), lane waits left out: a fetch's duration. */
  elapsedMs(): number;
};

export function createTimeBudget(ms: number): TimeBudget {
  const controller = new AbortController();
  let remaining = ms;
  let spent = 0;
  let runningSince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    signal: controller.signal,
    run() {
      if (runningSince !== null || controller.signal.aborted) return;
      runningSince = performance.now();
      timer = setTimeout(() => controller.abort(new DOMException("fetch budget exceeded", "TimeoutError")), remaining);
      timer.unref?.();
    },
    pause() {
      if (runningSince === null) return;
      if (timer) clearTimeout(timer);
      const ran = performance.now() - runningSince;
      spent += ran;
      remaining = Math.max(0, remaining - ran);
      runningSince = null;
      timer = null;
    },
    elapsedMs() {
      return spent + (runningSince === null ? 0 : performance.now() - runningSince);
    },
  };
}
