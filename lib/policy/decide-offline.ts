import { scheduleAfter, type DecisionContext } from "./decision-context";
import { formatUtcTime } from "./format";
import type { Decision } from "./types";

/**
 * The round judged this machine offline and this fetch failed at the transport level: the
 * publisher never saw the request, so nothing is counted (no error, no breaker step, the pending
 * redirect and the retry-after kept) and the source is retried soon, after one backoff base.
 */
export function decideWhileOffline(ctx: DecisionContext): Decision {
  return retryWithoutCounting(ctx, "this machine looked offline during the round");
}

/** Our own database failed to store the fetch: the publisher did nothing wrong either. */
export function decideAfterOwnFault(ctx: DecisionContext): Decision {
  return retryWithoutCounting(ctx, "Tidings' own database failed to store the result");
}

function retryWithoutCounting(ctx: DecisionContext, cause: string): Decision {
  const nextDueAt = scheduleAfter(ctx, ctx.settings.backoffBaseSeconds);
  return {
    next: { ...ctx.base, retryAfterUntil: ctx.state.retryAfterUntil },
    nextDueAt,
    reason: `${cause}; retrying at ${formatUtcTime(nextDueAt, ctx.now)}`,
    hostRetryAfterUntil: null,
    events: ctx.events,
  };
}
