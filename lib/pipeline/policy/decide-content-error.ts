import type { DecisionContext } from "./decision-context";
import { scheduleAfter } from "./decision-context";
import { formatDuration, formatUtcTime } from "./format";
import type { Decision } from "./types";

const LABELS: Record<string, string> = { too_large: "too large", parse: "unparsable", not_a_feed: "not a feed" };

/** "too large", "unparsable", "not a feed": how reasons and fetch details name a refused body. */
export function labelContentError(kind: string | null): string {
  return LABELS[kind ?? ""] ?? kind ?? "refused";
}

/**
 * A refused body (too_large, parse, not_a_feed): the floor, doubled per consecutive error, up to
 * the maximum interval (1, 2, 4, 8, 16, 24 h with the defaults). Unlike a transient error, a
 * retry in 2 minutes could only bring the same body back; unlike a configuration error, the
 * breaker is not involved: the server answers, and the doubling already reaches a daily check.
 * consecutiveErrors still counts them (the health page shows the source as backing off).
 */
export function decideAfterContentError(ctx: DecisionContext): Decision {
  const { state, observation, now, settings } = ctx;
  const errors = state.consecutiveErrors + 1;
  const wait = Math.min(ctx.floorSeconds * 2 ** Math.min(errors - 1, 30), settings.maxIntervalSeconds);
  const nextDueAt = scheduleAfter(ctx, wait);
  const label = labelContentError(observation.errorKind);
  const plural = errors === 1 ? "error" : "errors";
  const ceiling = wait >= settings.maxIntervalSeconds ? " (maximum)" : "";
  return {
    next: { ...ctx.base, consecutiveErrors: errors },
    nextDueAt,
    reason: `content backoff after ${errors} ${plural} (${label}): waiting ${formatDuration(wait)}${ceiling}; next try at ${formatUtcTime(nextDueAt, now)}`,
    hostRetryAfterUntil: null,
    events: ctx.events,
  };
}
