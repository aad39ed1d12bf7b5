// The total time budget of one fetch (TIDINGS_FETCH_TIMEOUT_MS) counts the time spent with the
// publisher, not the time spent waiting in the lane for a turn: a hop that waits out a 60 s
// Crawl-delay must not arrive already out of time.
export type TimeBudget = { signal: AbortSignal; run(): void; pause(): void };

export function createTimeBudget(ms: number): TimeBudget {
  const controller = new AbortController();
  let remaining = ms;
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
      remaining = Math.max(0, remaining - (performance.now() - runningSince));
      runningSince = null;
      timer = null;
    },
  };
}
