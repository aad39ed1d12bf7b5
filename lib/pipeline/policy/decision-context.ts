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
  /**
   * The longest interval between two successful polls: the user's "check at least every" for this
   * source, never below the floor (a publisher's floor wins), else the global maximum. Only polls
   * use it: backoffs, breaker probes and Retry-After holds keep the global ceiling, so a short
   * setting never asks a failing or rate-limiting publisher sooner.
   */
  pollCeilingSeconds: number;
  /** Whether the publisher (not the user or the global setting) set that floor: shown in reasons. */
  floorIsPublisher: boolean;
  /**
   * Whether that floor is this response's Expires: an absolute instant every client of the feed
   * shares (max-age and ttl count from our own fetch), so waiting exactly for it would bring every
   * installation back at the same moment.
   */
  floorIsSharedInstant: boolean;
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
 * the full spread. Jitter only lengthens these waits, so the floor and Retry-After stay respected.
 */
export function scheduleAfter(ctx: DecisionContext, waitSeconds: number): Date {
  const ceiling = ctx.settings.maxIntervalSeconds;
  const capped = Math.min(waitSeconds, ceiling);
  return addSeconds(ctx.now, applyJitter(capped, ctx.random, ctx.settings.jitterRatio, ceiling));
}

/**
 * The due time after a successful fetch, from the new interval. The rule, and why it keeps
 * sources and installations from synchronising while costing a busy feed nothing:
 *
 * - A source has a phase: where its polls fall. It is drawn at random, by jittering the whole
 *   interval, [interval, interval x (1 + jitterRatio)), whenever it may be shared with other
 *   sources or other installations: (1) at the first schedule (sources imported together);
 *   (2) after a disruption, i.e. when this success came later than the previous wait could
 *   explain (more than interval x (1 + jitterRatio) after the last success): failed retries, this
 *   machine offline, a host's Retry-After hold or an overrun round all return many sources at
 *   once, and would otherwise keep them in the same round for good; (3) when the floor is the
 *   publisher's Expires, an instant every client of the feed shares.
 * - Otherwise the phase is kept: a wait at the floor is exactly the floor (the floor and the
 *   publisher's relative max-age / ttl are counted from this installation's own fetch, so the
 *   source neither drifts into another's phase nor converges on one), and a wait above the floor
 *   gets +0..jitterRatio of the part above it.
 * - Near the ceiling the window slides down to end at it, never below the floor (applyJitter), so
 *   feeds at the 24 h maximum keep spreading instead of all landing at the same hour every day.
 *
 * Across installations, phases also differ by when each user subscribed and by the installation's
 * random cron second (lib/entry/server/scheduler.ts); within a round, requests to one host are
 * interleaved and spaced (lib/pipeline/round/interleave-by-host.ts, request-lane.ts).
 *
 * Why not jitter every wait at the floor: rounds run on a fixed tick (every 5 min by default), so
 * any extra delay after a floor wait, however small, pushes the fetch to a later round: a 60-min
 * floor becomes a 65-75-min cadence. In the simulation (scripts/simulate.ts, seeds 1-3) that
 * raised the busiest feeds' median freshness lag by 4.6 min (32.5 to 37.1 min on seed 1) and
 * spread requests perfectly (8.6% in the busiest 5-min slot of the hour, 8.3% being even). This
 * rule costs nothing measurable (over seeds 1-10 the busy median averages 32.2 min with it and
 * without the redraws) and, after the simulated machine's 90-min offline spell, leaves about 20%
 * of requests in the busiest slot, against 38-46% without the redraws (a redrawn phase spreads
 * over 20% of the interval, 12 min at the floor) and 100% for fixed hourly polling.
 */
export function scheduleInterval(ctx: DecisionContext, intervalSeconds: number): Date {
  const ceiling = ctx.pollCeilingSeconds;
  const capped = Math.min(intervalSeconds, ceiling);
  const unjittered = isPhaseShared(ctx) ? 0 : ctx.floorSeconds;
  const wait = applyJitter(
    capped,
    ctx.random,
    ctx.settings.jitterRatio,
    ceiling,
    unjittered,
    Math.min(ctx.floorSeconds, capped),
  );
  return addSeconds(ctx.now, wait);
}

/** Cases (1)-(3) of scheduleInterval: the source's phase may be shared, so it is drawn anew. */
function isPhaseShared(ctx: DecisionContext): boolean {
  const { state, now, settings } = ctx;
  if (state.lastSuccessAt === null || ctx.floorIsSharedInstant) return true;
  const sinceLastSuccess = (now.getTime() - state.lastSuccessAt.getTime()) / 1000;
  return sinceLastSuccess > state.intervalSeconds * (1 + settings.jitterRatio);
}

/** "floor" or "publisher's floor", for reasons that explain why an interval stopped shrinking. */
export function describeFloor(ctx: DecisionContext): string {
  return ctx.floorIsPublisher ? "publisher's floor" : "floor";
}
