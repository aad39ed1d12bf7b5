// The one place rounds are started in a process. Guards against overlap twice over: a cron tick
// or a manual "round now" JOINS the round in progress instead of starting a second one, and a
// manual "fetch this source now" waits its turn in the same serial lane, so there is never more
// than one request in flight from this process. (Across instances, the database lease rules.)
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { remember } from "@/lib/remember";
import { runRound, type RoundReport } from "@/lib/round/run-round";
import { roundSettingsFromEnv } from "@/lib/round/round-settings";
import type { RoundTrigger } from "@/lib/store/rounds";

type RunnerState = { current: Promise<RoundReport> | null; lane: Promise<unknown>; stopping: boolean };

const state = () => remember<RunnerState>("round-runner", () => ({ current: null, lane: Promise.resolve(), stopping: false }));

/** Starts a round, or returns the one already running in this process. */
export function requestRound(trigger: Exclude<RoundTrigger, "manual">): Promise<RoundReport> {
  const runner = state();
  if (runner.current) return runner.current;
  const round = enqueue(() => runRound(getDb(), roundSettingsFromEnv(getEnv()), { trigger, shouldStop: () => runner.stopping }));
  runner.current = round.finally(() => {
    runner.current = null;
  });
  return runner.current;
}

/** Fetches one source now, after whatever fetch work is already queued (never in parallel). */
export function fetchSourceNow(sourceId: number): Promise<RoundReport> {
  return enqueue(() => runRound(getDb(), roundSettingsFromEnv(getEnv()), { trigger: "manual", sourceId }));
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
