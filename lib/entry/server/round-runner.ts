// The one place rounds are started in a process. Guards against overlap twice over: a cron tick
// or a manual "round now" JOINS the round in progress instead of starting a second one, and a
// manual "fetch this source now" waits for it (a round holds the lease). Requests themselves, from
// rounds, subscriptions and discovery alike, take turns in the request lanes (request-lane.ts), so
// there is never more than TIDINGS_FETCH_LANES in flight from this process, nor two to one domain.
// (Across processes and instances, the domain claims and the lease rule.)
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { remember } from "@/lib/base/remember";
import { runRound, type RoundReport } from "@/lib/pipeline/round/run-round";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { withAlerts } from "@/lib/features/alerts/evaluate-alerts";
import type { RoundTrigger } from "@/lib/pipeline/store/fetch/rounds";
import { FETCH_NOW_REPEAT_MS } from "@/lib/pipeline/policy/fetch-now-rule";

type RunnerState = { current: Promise<RoundReport> | null; lane: Promise<unknown>; stopping: boolean };

const state = () =>
  remember<RunnerState>("round-runner", () => ({ current: null, lane: Promise.resolve(), stopping: false }));

/** Starts a round, or returns the one already running in this process. */
export function requestRound(trigger: Exclude<RoundTrigger, "manual">): Promise<RoundReport> {
  const runner = state();
  if (runner.current) return runner.current;
  const round = enqueue(() =>
    runRound(getDb(), withAlerts(roundSettingsFromEnv(getEnv())), { trigger, shouldStop: () => runner.stopping }),
  );
  runner.current = round.finally(() => {
    runner.current = null;
  });
  return runner.current;
}

/**
 * Fetches one source now, after whatever round is already queued (its requests take their turns
 * in the same request lane as everyone's). Never during a Retry-After, and not again within
 * FETCH_NOW_REPEAT_MS of its last fetch.
 */
export function fetchSourceNow(sourceId: number): Promise<RoundReport> {
  return enqueue(() =>
    runRound(getDb(), withAlerts(roundSettingsFromEnv(getEnv())), {
      trigger: "manual",
      sourceId,
      repeatMs: FETCH_NOW_REPEAT_MS,
    }),
  );
}

/** Shutdown: no new fetch starts; resolves once the current one has finished and been stored. */
export async function drainRounds(): Promise<void> {
  const runner = state();
  runner.stopping = true;
  await runner.lane.catch(() => undefined);
}

function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const runner = state();
  if (runner.stopping) return Promise.reject(new Error("Tidings is shutting down"));
  const result = runner.lane.then(work, work);
  runner.lane = result.catch(() => undefined);
  return result;
}
