import { computeBackoff } from "./backoff";
import { computeNextCooldown, isProbe, shouldOpenBreaker } from "./breaker";
import { decideAfterContentError } from "./decide-content-error";
import { decideAfterGone } from "./decide-gone";
import { decideAfterRateLimit } from "./decide-rate-limited";
import { decideAfterOwnFault, decideWhileOffline } from "./decide-offline";
import { scheduleAfter, type DecisionContext } from "./decision-context";
import { classifyError, describeError, isNetworkError, type ErrorClass } from "./error-classes";
import { formatUtcTime } from "./format";
import type { Decision } from "./types";

/** An error outcome: route to the branch its kind (and the round's offline verdict) calls for. */
export function decideAfterError(ctx: DecisionContext): Decision {
  const { errorKind, offline } = ctx.observation;
  const errorClass = classifyError(errorKind);
  if (errorClass === "gone") return decideAfterGone(ctx);
  if (errorClass === "rate_limited") return decideAfterRateLimit(ctx);
  if (errorClass === "ours") return decideAfterOwnFault(ctx);
  if (offline && isNetworkError(errorKind)) return decideWhileOffline(ctx);
  // A probe of an open breaker stays a probe whatever the body: the breaker's cooldown rules it.
  if (errorClass === "content" && !isProbe(ctx.state.breakerState)) return decideAfterContentError(ctx);
  return decideAfterCountedError(ctx, errorClass);
}

/**
 * Every other error counts: consecutiveErrors + 1, then either the breaker (a failed probe doubles
 * the cooldown; reaching the threshold opens it) or a backoff. consecutiveNotModified is left as it
 * was: an error says nothing about whether the content changed.
 */
function decideAfterCountedError(ctx: DecisionContext, errorClass: ErrorClass): Decision {
  const { state, observation, now, settings } = ctx;
  const errors = state.consecutiveErrors + 1;
  const label = describeError(observation.errorKind, observation.httpStatus);
  const counted = { ...ctx.base, consecutiveErrors: errors };

  if (isProbe(state.breakerState) || shouldOpenBreaker(errors, settings.breakerThreshold)) {
    const opening = !isProbe(state.breakerState);
    const cooldown = opening
      ? settings.breakerCooldownSeconds
      : computeNextCooldown(state.breakerCooldownSeconds, settings);
    // A probe is still a poll: it waits for the floor too when the publisher's floor is longer.
    const nextDueAt = scheduleAfter(ctx, Math.max(cooldown, ctx.floorSeconds));
    const probeAt = `half-open probe at ${formatUtcTime(nextDueAt, now)}`;
    const cause = opening ? label : `probe failed: ${label}`;
    // Events mark transitions only: a failed probe leaves the breaker open (the Fetch row has it).
    const events = opening
      ? [
          ...ctx.events,
          {
            kind: "breaker_opened" as const,
            detail: `Opened after ${errors} consecutive errors (last: ${label}); ${probeAt}`,
          },
        ]
      : ctx.events;
    return {
      next: {
        ...counted,
        breakerState: "open",
        breakerChangedAt: opening ? now : state.breakerChangedAt,
        breakerCooldownSeconds: cooldown,
      },
      nextDueAt,
      reason: `breaker open after ${errors} errors (${cause}); ${probeAt}`,
      hostRetryAfterUntil: null,
      events,
    };
  }

  const backoff = computeBackoff(errors, settings.backoffBaseSeconds, settings.backoffCapSeconds);
  // A configuration error will not fix itself in two minutes: never retry it sooner than a poll.
  const wait = errorClass === "configuration" ? Math.max(backoff, ctx.floorSeconds) : backoff;
  const nextDueAt = scheduleAfter(ctx, wait);
  const plural = errors === 1 ? "error" : "errors";
  return {
    next: counted,
    nextDueAt,
    reason: `backoff after ${errors} ${plural} (${label}); next try at ${formatUtcTime(nextDueAt, now)}`,
    hostRetryAfterUntil: null,
    events: ctx.events,
  };
}
