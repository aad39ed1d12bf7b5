// The fleet's vocabulary for "how is this source doing?", in ONE pure function: the fleet page's
// counts, the sources page's "problems first" order and the sidebar's dots all call it, so a
// source can never be "backing off" on one screen and "healthy" on another.
import type { SourceRow } from "@/lib/store/source-row";

export const SOURCE_HEALTH_STATES = ["healthy", "quiet", "backing_off", "breaker_open", "disabled", "gone"] as const;
export type SourceHealthState = (typeof SOURCE_HEALTH_STATES)[number];

/** The Source fields the classification reads (a narrow select is enough). */
export type SourceHealthInput = Pick<
  SourceRow,
  "enabled" | "disabledReason" | "breakerState" | "consecutiveErrors" | "retryAfterUntil" | "lastOutcome" | "lastNewArticleAt" | "createdAt"
>;

/** No new article for this long, while fetches succeed, makes a source "quiet" (freshness, not transport). */
export const QUIET_AFTER_DAYS = 30;
const QUIET_AFTER_MS = QUIET_AFTER_DAYS * 24 * 60 * 60 * 1000;

/**
 * - gone: disabled by Tidings because the publisher answered 410 Gone;
 * - disabled: switched off by the user;
 * - breaker open: too many errors in a row, only a probe now and then (open or half-open);
 * - backing off: the last fetch failed or the publisher asked to wait (Retry-After), polling slower;
 * - quiet: fetches succeed but nothing new for QUIET_AFTER_DAYS (request success is not freshness);
 * - healthy: everything else, a source not fetched yet included.
 */
export function classifySourceHealth(source: SourceHealthInput, now: Date): SourceHealthState {
  if (!source.enabled) return source.disabledReason === "gone" ? "gone" : "disabled";
  if (source.breakerState !== "closed") return "breaker_open";
  const waiting = source.retryAfterUntil !== null && source.retryAfterUntil.getTime() > now.getTime();
  if (source.consecutiveErrors > 0 || source.lastOutcome === "error" || waiting) return "backing_off";
  if (source.lastOutcome === null) return "healthy";
  const lastNews = source.lastNewArticleAt ?? source.createdAt;
  return now.getTime() - lastNews.getTime() >= QUIET_AFTER_MS ? "quiet" : "healthy";
}

/** "Problems first": the states a person should look at, most urgent first. */
export const HEALTH_STATE_URGENCY: Record<SourceHealthState, number> = {
  gone: 0,
  breaker_open: 1,
  backing_off: 2,
  quiet: 3,
  disabled: 4,
  healthy: 5,
};
