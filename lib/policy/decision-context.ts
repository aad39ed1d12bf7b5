import { applyJitter } from "./jitter";
import { addSeconds } from "./format";
import type { Observation, PolicySettings, ScheduleState, SourceEventDraft } from "./types";

/** Everything one decision needs, computed once by decideNext and shared by the outcome branches. */
export type DecisionContext = {
  state: ScheduleState;
  observation: Observation;
  now: Date;
  settings: PolicySettings;
  random: () => number;
  /** The effective floor for this source after this observation. */
  floorSeconds: number;
  /** Whether the publisher (not the user or the global setting) set that floor: shown in reasons. */
  floorIsPublisher: boolean;
  /** The state with the publisher floor, redirect tracking and a cleared Retry-After applied. */
  base: ScheduleState;
  /** Events already decided (a URL adoption); branches append their own. */
  events: SourceEventDraft[];
};

/**
 * The due time after a wait that is not a regular poll (a backoff, a breaker probe, a Retry-After
 * hold, an offline retry, a gone source's daily mark): capped at the maximum interval (the ceiling
 * for every wait), then jittered by +0..jitterRatio of the whole wait. These are the moments many
 * sources fail or recover together (an outage, this machine offline, one host's 429), so they get
 * the full spread. Jitter only lengthens, so the floor and Retry-After stay respected.
 */
export function scheduleAfter(ctx: DecisionContext, waitSeconds: number): Date {
  return scheduleWithJitter(ctx, waitSeconds, 0);
}

/**
 * The due time after a successful fetch: the interval, jittered by +0..jitterRatio of the part of
 * it above the floor. A source polled at its floor therefore waits exactly the floor.
 *
 * Why this still prevents synchronisation. Jitter is there to pull apart sources that would
 * otherwise be polled in step: sources added together (an OPML import), sources that failed or
 * recovered together (an outage, this machine offline, a host's 429), and installations on the
 * same schedule. A wait of exactly the floor keeps a source's phase where it is: it neither
 * converges toward another source's phase nor drifts, so sources that are out of step stay out of
 * step, and the only question is where phases come from. They are randomised (1) by the first
 * scheduling of every source, which is jittered in full (+0..jitterRatio of the whole wait); (2) by
 * every error, probe, offline and rate-limit wait (scheduleAfter); (3) by every wait above the
 * floor, jittered on its part above the floor (a busy feed's slower nights, a quiet feed always);
 * and across installations (4) by the moment each user added the feed and by the installation's
 * random cron second (lib/round/scheduler.ts). Within one round, requests to a host are still
 * interleaved and spaced (lib/round/interleave-by-host.ts, host-spacing.ts).
 *
 * What jitter at the floor would cost: rounds run on a fixed tick (every 5 min by default), so any
 * extra delay after a floor wait, however small, pushes the fetch to the next round: a 60-min
 * floor became a 65-75-min cadence, and the busiest feeds' median freshness lag rose from 32.3 to
 * 36.5 min in the simulation (scripts/simulate.ts, seed 1) for a phase spread (1)-(4) already give.
 */
export function scheduleInterval(ctx: DecisionContext, intervalSeconds: number): Date {
  const firstSchedule = ctx.state.lastSuccessAt === null;
  return scheduleWithJitter(ctx, intervalSeconds, firstSchedule ? 0 : ctx.floorSeconds);
}

function scheduleWithJitter(ctx: DecisionContext, waitSeconds: number, unjitteredSeconds: number): Date {
  const ceiling = ctx.settings.maxIntervalSeconds;
  const capped = Math.min(waitSeconds, ceiling);
  return addSeconds(ctx.now, applyJitter(capped, ctx.random, ctx.settings.jitterRatio, ceiling, unjitteredSeconds));
}

/** "floor" or "publisher's floor", for reasons that explain why an interval stopped shrinking. */
export function describeFloor(ctx: DecisionContext): string {
  return ctx.floorIsPublisher ? "publisher's floor" : "floor";
}
