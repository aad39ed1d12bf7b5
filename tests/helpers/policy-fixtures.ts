// Building blocks for policy tests and the simulation: a source's scheduling state and one
// fetch observation, with every field at its neutral value unless overridden.
import type { Observation, ScheduleState } from "@/lib/pipeline/policy/types";

export function scheduleState(overrides: Partial<ScheduleState> = {}): ScheduleState {
  return {
    feedUrl: "https://old.example/feed.xml",
    enabled: true,
    disabledReason: null,
    intervalSeconds: 3600,
    minIntervalSeconds: null,
    publisherFloorSeconds: null,
    consecutiveNotModified: 0,
    consecutiveErrors: 0,
    breakerState: "closed",
    breakerChangedAt: null,
    breakerCooldownSeconds: null,
    retryAfterUntil: null,
    pendingRedirectUrl: null,
    pendingRedirectCount: 0,
    lastSuccessAt: null,
    ...overrides,
  };
}

export function observation(overrides: Partial<Observation> = {}): Observation {
  return {
    outcome: "not_modified",
    errorKind: null,
    httpStatus: 304,
    newArticles: 0,
    bodyUnchanged: false,
    discoveredFeedUrl: null,
    permanentRedirectUrl: null,
    retryAfter: null,
    cacheControl: null,
    expires: null,
    date: null,
    feedTtlSeconds: null,
    itemDates: [],
    offline: false,
    ...overrides,
  };
}
