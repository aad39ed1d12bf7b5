import { clampInterval, growAfterEmptyFetch, shrinkInterval } from "./adapt-interval";
import { isProbe } from "./breaker";
import { describeFloor, scheduleInterval, type DecisionContext } from "./decision-context";
import { formatDuration } from "./format";
import { computeEffectiveFloor } from "./effective-floor";
import { computeRateInterval, estimateItemGap } from "./rate-interval";
import type { Decision, ScheduleState, SourceEventDraft } from "./types";

/**
 * ok or not_modified: the source works. Errors reset; the breaker closes if this was its probe;
 * the interval adapts to whether the fetch found news. consecutiveNotModified counts every fetch in
 * a row that found nothing new (304, unchanged 200, or a 200 with no new article), because that
 * is what the interval grows on, so the counter explains the interval.
 */
export function decideAfterSuccess(ctx: DecisionContext): Decision {
  const { state, observation, now } = ctx;
  const events: SourceEventDraft[] = [...ctx.events];
  const notes: string[] = [];
  let next: ScheduleState = { ...ctx.base, consecutiveErrors: 0, lastSuccessAt: now };

  if (isProbe(state.breakerState)) {
    next = { ...next, breakerState: "closed", breakerChangedAt: now, breakerCooldownSeconds: null };
    const detail = `Half-open probe succeeded (${describeSuccess(ctx)}) after ${state.consecutiveErrors} errors`;
    events.push({ kind: "breaker_closed", detail });
    notes.push("probe succeeded, breaker closed");
  }
  // Only "gone" re-enables itself (a manual fetch found the feed back); "user" is the user's call.
  if (!state.enabled && state.disabledReason === "gone") {
    next = { ...next, enabled: true, disabledReason: null };
    events.push({ kind: "enabled", detail: `The feed answered again (${describeSuccess(ctx)}) after 410 Gone` });
  }

  const foundNews = observation.outcome === "ok" && !observation.bodyUnchanged && observation.newArticles > 0;
  const interval = decideSuccessInterval(ctx, foundNews);
  next = {
    ...next,
    intervalSeconds: interval.seconds,
    consecutiveNotModified: foundNews ? 0 : state.consecutiveNotModified + 1,
  };
  notes.push(interval.note);
  return {
    next,
    nextDueAt: scheduleInterval(ctx, interval.seconds),
    reason: notes.join("; "),
    hostRetryAfterUntil: null,
    events,
  };
}

/**
 * The interval after a success. A 200 whose items carry dates sets it from the feed's own rate
 * (computeRateInterval): on the first fetch, and whenever news arrives, so a busy feed is at the
 * floor from its first fetch and a quiet one starts slow. Without dates, a first fetch starts at the
 * floor (an unknown feed may be busy) and news halves the interval. Nothing new holds it through a
 * publisher's night, then grows it (growAfterEmptyFetch).
 */
function decideSuccessInterval(ctx: DecisionContext, foundNews: boolean): { seconds: number; note: string } {
  const { state, observation, now, floorSeconds, settings } = ctx;
  const max = ctx.pollCeilingSeconds;
  const firstFetch = state.lastSuccessAt === null && observation.outcome === "ok";
  if (!firstFetch && !foundNews) {
    const emptyFetchesInRow = state.consecutiveNotModified + 1;
    const seconds = growAfterEmptyFetch(
      state.intervalSeconds,
      emptyFetchesInRow,
      settings.growthFactor,
      floorSeconds,
      max,
    );
    return { seconds, note: `${describeNothingNew(ctx)}; checking every ${describeInterval(ctx, seconds)}` };
  }
  const lead = firstFetch ? "first fetch" : describeNews(observation.newArticles);
  const gapSeconds = estimateItemGap(observation.itemDates, now);
  if (gapSeconds !== null) {
    const ownFloorSeconds = computeEffectiveFloor(state.minIntervalSeconds, null, settings);
    const seconds = clampInterval(computeRateInterval(gapSeconds, ownFloorSeconds), floorSeconds, max);
    return {
      seconds,
      note: `${lead}: items about every ${formatDuration(gapSeconds)}; checking every ${describeInterval(ctx, seconds)}`,
    };
  }
  const seconds = firstFetch ? floorSeconds : shrinkInterval(state.intervalSeconds, floorSeconds, max);
  const rhythm = firstFetch ? ": no usable item dates" : "";
  return { seconds, note: `${lead}${rhythm}; checking every ${describeInterval(ctx, seconds)}` };
}

function describeNews(count: number): string {
  return count === 1 ? "1 new article" : `${count} new articles`;
}

function describeInterval(ctx: DecisionContext, seconds: number): string {
  const suffix =
    seconds === ctx.pollCeilingSeconds &&
    ctx.pollCeilingSeconds < ctx.settings.maxIntervalSeconds &&
    seconds > ctx.floorSeconds
      ? " (this source's maximum)"
      : seconds === ctx.settings.maxIntervalSeconds
        ? " (maximum)"
        : seconds === ctx.floorSeconds
          ? ` (${describeFloor(ctx)})`
          : "";
  return `${formatDuration(seconds)}${suffix}`;
}

function describeNothingNew(ctx: DecisionContext): string {
  if (ctx.observation.outcome === "not_modified") return "not modified (HTTP 304)";
  if (ctx.observation.bodyUnchanged) return "body unchanged";
  return "no new articles";
}

function describeSuccess(ctx: DecisionContext): string {
  return `HTTP ${ctx.observation.httpStatus ?? (ctx.observation.outcome === "ok" ? 200 : 304)}`;
}
