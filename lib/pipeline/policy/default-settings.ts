import type { PolicySettings } from "./types";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The defaults a fresh install polls with. Each number is a politeness or freshness trade-off;
 * the env layer may override minIntervalSeconds and maxIntervalSeconds (TIDINGS_MIN/MAX_INTERVAL).
 */
export const DEFAULT_POLICY_SETTINGS: PolicySettings = {
  // An hour: a private reader gains little from fetching any one feed more often, and the simulation
  // shows the busiest feeds then sit at this floor while everything quieter slows down.
  minIntervalSeconds: 1 * HOUR,
  // The lowest a user may deliberately go for one source: below 15 min a reader looks like a crawler.
  userFloorSeconds: 15 * MINUTE,
  // A dormant feed is still checked daily, so a revived blog is seen within a day.
  maxIntervalSeconds: 24 * HOUR,
  // Gentle: a feed that grows (after 12 h without news, see SILENCE_GRACE_SECONDS) from the floor
  // is at 2 h after three more empty fetches, while a feed with no usable dates that turns out dead
  // reaches the daily cap in about 5 days (dated dormant feeds start at the cap at once).
  growthFactor: 1.25,
  // +0..20% spreads sources that were added together or failed together, so one host never sees
  // them in lock-step. After a successful poll it applies to the whole interval when the source's
  // phase may be shared (first schedule, back from a disruption, a publisher's Expires instant) and
  // otherwise to the part above the floor only: a feed at its floor keeps its own random phase.
  // See scheduleInterval.
  jitterRatio: 0.2,
  // 2, 4, 8, 16 min (truncated exponential backoff): a blip is retried quickly.
  backoffBaseSeconds: 2 * MINUTE,
  // Only reached when breakerThreshold is raised: after ~6 h an error is no longer "transient" and a
  // recovery should still be noticed within a quarter of a day (the breaker, capped at 24 h, owns the rest).
  backoffCapSeconds: 6 * HOUR,
  // Four quick retries (30 min in all) ride out a blip or a deploy; a fifth failure is an outage.
  breakerThreshold: 5,
  // First half-open probe one hour after opening; each failed probe doubles: 1, 2, 4, 8, 16, 24 h.
  breakerCooldownSeconds: 1 * HOUR,
  // A broken source is still probed daily: never silently stopped forever.
  breakerCooldownCapSeconds: 24 * HOUR,
  // One 301 can be a misconfiguration rolled back minutes later; two fetches in a row are a move.
  redirectAdoptAfter: 2,
};
