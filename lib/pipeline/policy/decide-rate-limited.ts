import { growInterval } from "./adapt-interval";
import { isProbe } from "./breaker";
import { scheduleAfter, type DecisionContext } from "./decision-context";
import { describeError } from "./error-classes";
import { addSeconds, formatDuration, formatUtcTime } from "./format";
import { parseRetryAfter } from "./parse-retry-after";
import type { Decision } from "./types";

/**
 * 429 (or 503 with Retry-After): the publisher is telling us when to come back (RFC 9110 §10.2.3).
 * Not a failure of the source, so it neither counts toward the breaker nor resets it. The hold
 * (Retry-After, capped at the maximum interval) applies to the whole host. Without a usable
 * Retry-After the hold is the source's grown interval, never under the floor: a 429 says we came
 * too often, so the interval also grows, as after an empty fetch.
 */
export function decideAfterRateLimit(ctx: DecisionContext): Decision {
  const { state, observation, now, settings, floorSeconds } = ctx;
  const label = describeError(observation.errorKind, observation.httpStatus);
  const retryAfter = parseRetryAfter(observation.retryAfter, now);
  const intervalSeconds = growInterval(
    state.intervalSeconds,
    settings.growthFactor,
    floorSeconds,
    settings.maxIntervalSeconds,
  );
  const holdSeconds = Math.min(retryAfter ?? Math.max(floorSeconds, intervalSeconds), settings.maxIntervalSeconds);
  const holdUntil = addSeconds(now, holdSeconds);
  // The floor still applies: a Retry-After shorter than our own interval is no invitation to hurry.
  const nextDueAt = scheduleAfter(ctx, Math.max(holdSeconds, floorSeconds));

  const parts =
    retryAfter === null
      ? [`rate limited (${label}) without a usable Retry-After; holding until ${formatUtcTime(holdUntil, now)}`]
      : [`Retry-After until ${formatUtcTime(holdUntil, now)} (${label})`];
  if (floorSeconds > holdSeconds) parts.push(`next check after the ${formatDuration(floorSeconds)} floor`);
  if (isProbe(state.breakerState)) parts.push("breaker still open: the next fetch is its probe");
  return {
    next: { ...ctx.base, intervalSeconds, retryAfterUntil: holdUntil },
    nextDueAt,
    reason: parts.join("; "),
    hostRetryAfterUntil: holdUntil,
    events: ctx.events,
  };
}
