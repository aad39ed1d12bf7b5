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

/**
 * Our own database failed to store the fetch: the publisher did nothing wrong either, so nothing is
 * counted. Retried after the floor, not sooner: the publisher did answer, and a store that keeps
 * failing (a full disk) must not turn into a full download every few minutes.
 */
export function decideAfterOwnFault(ctx: DecisionContext): Decision {
  return retryWithoutCounting(
    ctx,
    "Tidings' own database failed to store the result",
    Math.max(ctx.settings.backoffBaseSeconds, ctx.floorSeconds),
  );
}

function retryWithoutCounting(
  ctx: DecisionContext,
  cause: string,
  waitSeconds = ctx.settings.backoffBaseSeconds,
): Decision {
  const nextDueAt = scheduleAfter(ctx, waitSeconds);
  return {
    next: { ...ctx.base, retryAfterUntil: ctx.state.retryAfterUntil },
    nextDueAt,
    reason: `${cause}; retrying at ${formatUtcTime(nextDueAt, ctx.now)}`,
    hostRetryAfterUntil: null,
    events: ctx.events,
  };
}
