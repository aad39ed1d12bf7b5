// The scheduling policy's contract: a pure function of
// (source state, fetch observation, now, settings, random) -> next state, next due time, reason.
// No I/O and no clock reads inside lib/pipeline/policy: `now` and `random` are arguments.

import type { ErrorKind } from "@/lib/pipeline/fetch/types";

export type BreakerState = "closed" | "open" | "half_open";

/** The scheduling fields of a Source row (names match prisma/schema.prisma). */
export type ScheduleState = {
  feedUrl: string;
  enabled: boolean;
  disabledReason: string | null;
  intervalSeconds: number;
  minIntervalSeconds: number | null;
  /** The user's "check at least every" for this source; null (or absent): the global maximum. */
  maxIntervalSeconds?: number | null;
  publisherFloorSeconds: number | null;
  consecutiveNotModified: number;
  consecutiveErrors: number;
  breakerState: BreakerState;
  breakerChangedAt: Date | null;
  breakerCooldownSeconds: number | null;
  retryAfterUntil: Date | null;
  pendingRedirectUrl: string | null;
  pendingRedirectCount: number;
  /** Null until the first successful fetch: the policy then starts from the items' own dates. */
  lastSuccessAt: Date | null;
};

/** What one fetch showed, as far as scheduling cares. */
export type Observation = {
  outcome: "ok" | "not_modified" | "error";
  errorKind: ErrorKind | null;
  httpStatus: number | null;
  /** New articles stored by this fetch (0 for an unchanged body). */
  newArticles: number;
  /** A 200 whose body hash equals the previous body's. */
  bodyUnchanged: boolean;
  /** The one feed linked from the HTML page the source's URL answered, fetched in its place; else null. */
  discoveredFeedUrl: string | null;
  /** Target of an all-permanent (301/308) redirect chain, else null. */
  permanentRedirectUrl: string | null;
  /** Raw response headers (null when absent). */
  retryAfter: string | null;
  cacheControl: string | null;
  expires: string | null;
  /** The response's Date header, to interpret Expires relative to the server clock. */
  date: string | null;
  /** From the feed: RSS <ttl> or sy:update*, in seconds. */
  feedTtlSeconds: number | null;
  /** Publication dates of the items in the body (for velocity), newest or oldest first. */
  itemDates: Date[];
  /** The round judged this machine offline: network errors must not count toward the breaker. */
  offline: boolean;
};

export type PolicySettings = {
  /** Global floor (TIDINGS_MIN_INTERVAL, default 3600 s). */
  minIntervalSeconds: number;
  /** The lowest per-source floor a user may set (900 s). */
  userFloorSeconds: number;
  /** Ceiling for every interval and every wait (TIDINGS_MAX_INTERVAL, default 86400 s). */
  maxIntervalSeconds: number;
  /** Interval growth after not_modified / unchanged 200 (1.25). */
  growthFactor: number;
  /** Upper bound of the random extra added to every wait, as a ratio (0.2 = +0..20%). */
  jitterRatio: number;
  /** First transient-error backoff (120 s), doubled per consecutive error. */
  backoffBaseSeconds: number;
  /** Cap for transient-error backoff (TIDINGS_MAX_INTERVAL by default). */
  backoffCapSeconds: number;
  /** Consecutive counted errors that open the breaker (5). */
  breakerThreshold: number;
  /** First open-breaker cooldown (3600 s), doubled per failed probe, capped at breakerCooldownCapSeconds. */
  breakerCooldownSeconds: number;
  breakerCooldownCapSeconds: number;
  /** Fetches in a row that must show the same 301/308 target before it is adopted (2). */
  redirectAdoptAfter: number;
};

export type SourceEventDraft = {
  kind: "url_changed" | "disabled" | "enabled" | "breaker_opened" | "breaker_half_open" | "breaker_closed";
  detail: string;
};

export type Decision = {
  /** The complete next scheduling state (to be written to the Source row). */
  next: ScheduleState;
  nextDueAt: Date;
  /** Human-readable reason for nextDueAt, stored as Source.nextCheckReason. */
  reason: string;
  /** When set, every source on the same host must wait until then (429/503 Retry-After). */
  hostRetryAfterUntil: Date | null;
  /** History entries for the source (URL adopted, disabled as gone, breaker transitions). */
  events: SourceEventDraft[];
};
