// Translates what the round saw into the policy's vocabulary (both directions are pure).
import type { BreakerState, Observation, ScheduleState } from "@/lib/pipeline/policy/types";
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";

export function toScheduleState(source: SourceRow): ScheduleState {
  return {
    feedUrl: source.feedUrl,
    enabled: source.enabled,
    disabledReason: source.disabledReason,
    intervalSeconds: source.intervalSeconds,
    minIntervalSeconds: source.minIntervalSeconds,
    maxIntervalSeconds: source.maxIntervalSeconds,
    publisherFloorSeconds: source.publisherFloorSeconds,
    consecutiveNotModified: source.consecutiveNotModified,
    consecutiveErrors: source.consecutiveErrors,
    breakerState: source.breakerState as BreakerState,
    breakerChangedAt: source.breakerChangedAt,
    breakerCooldownSeconds: source.breakerCooldownSeconds,
    retryAfterUntil: source.retryAfterUntil,
    pendingRedirectUrl: source.pendingRedirectUrl,
    pendingRedirectCount: source.pendingRedirectCount,
    lastSuccessAt: source.lastSuccessAt,
  };
}

export function toObservation(attempt: Attempt, newArticles: number, offline: boolean): Observation {
  const { headers } = attempt.meta;
  return {
    outcome: attempt.outcome,
    errorKind: attempt.errorKind,
    httpStatus: attempt.meta.httpStatus,
    newArticles,
    bodyUnchanged: attempt.bodyUnchanged,
    discoveredFeedUrl: attempt.discoveredFeedUrl,
    permanentRedirectUrl: attempt.meta.permanentRedirectUrl,
    retryAfter: headers.retryAfter,
    cacheControl: headers.cacheControl,
    expires: headers.expires,
    date: headers.date,
    feedTtlSeconds: attempt.feed?.ttlSeconds ?? null,
    itemDates: (attempt.feed?.items ?? []).flatMap((item) => (item.publishedAt ? [item.publishedAt] : [])),
    offline,
  };
}
