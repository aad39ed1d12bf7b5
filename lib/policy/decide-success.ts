import { growAfterEmptyFetch, shrinkInterval } from "./adapt-interval";
import { isProbe } from "./breaker";
import { describeFloor, scheduleInterval, type DecisionContext } from "./decision-context";
import { formatDuration } from "./format";
import { computeInitialInterval } from "./initial-interval";
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

function decideSuccessInterval(ctx: DecisionContext, foundNews: boolean): { seconds: number; note: string } {
  const { state, observation, now, floorSeconds } = ctx;
  const max = ctx.settings.maxIntervalSeconds;
  if (state.lastSuccessAt === null && observation.outcome === "ok") {
    const initial = computeInitialInterval(observation.itemDates, now, floorSeconds, max);
    const rhythm =
      initial.medianGapSeconds === null
        ? "no usable item dates"
        : `items about every ${formatDuration(initial.medianGapSeconds)}`;
    return { seconds: initial.seconds, note: `first fetch: ${rhythm}; checking every ${describeInterval(ctx, initial.seconds)}` };
  }
  if (foundNews) {
    const seconds = shrinkInterval(state.intervalSeconds, floorSeconds, max);
    const count = observation.newArticles === 1 ? "1 new article" : `${observation.newArticles} new articles`;
    return { seconds, note: `${count}; checking every ${describeInterval(ctx, seconds)}` };
  }
  const emptyFetchesInRow = state.consecutiveNotModified + 1;
  const seconds = growAfterEmptyFetch(state.intervalSeconds, emptyFetchesInRow, ctx.settings.growthFactor, floorSeconds, max);
  return { seconds, note: `${describeNothingNew(ctx)}; checking every ${describeInterval(ctx, seconds)}` };
}

function describeInterval(ctx: DecisionContext, seconds: number): string {
  const suffix =
    seconds === ctx.settings.maxIntervalSeconds ? " (maximum)" : seconds === ctx.floorSeconds ? ` (${describeFloor(ctx)})` : "";
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
