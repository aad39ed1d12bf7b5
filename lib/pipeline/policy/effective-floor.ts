import { computePublisherFloor } from "./publisher-floor";
import type { Observation, PolicySettings, ScheduleState } from "./types";

/**
 * The publisher floor to store after this observation.
 * - ok: recomputed from this response alone. A full 200 carries the publisher's complete current
 *   word (headers and <ttl>); if it now says nothing, an old floor no longer applies.
 * - not_modified: a 304 has no body, so the stored floor (which may include the unchanged body's
 *   <ttl>) still holds; new header freshness can only raise it until the next 200 recomputes it.
 * - error: an error page's caching headers say nothing about the feed; keep the stored floor.
 */
export function resolvePublisherFloor(
  state: ScheduleState,
  observation: Observation,
  now: Date,
  settings: PolicySettings,
): number | null {
  if (observation.outcome === "error") return state.publisherFloorSeconds;
  const current = computePublisherFloor(observation, now, settings.maxIntervalSeconds)?.seconds ?? null;
  if (observation.outcome === "ok") return current;
  if (current === null) return state.publisherFloorSeconds;
  return Math.max(current, state.publisherFloorSeconds ?? 0);
}

/**
 * The longest interval between two polls of this source: the user's per-source "check at least
 * every", within [floor, global maximum] (a publisher that asks for 3 h is not asked every hour
 * because the user wants news hourly); the global maximum when the source has none.
 */
export function computePollCeiling(
  maxIntervalSeconds: number | null,
  floorSeconds: number,
  settings: PolicySettings,
): number {
  if (maxIntervalSeconds === null) return settings.maxIntervalSeconds;
  return Math.min(Math.max(maxIntervalSeconds, floorSeconds), settings.maxIntervalSeconds);
}

/**
 * The shortest interval this source may be polled at: the user's per-source floor (or the global
 * one), never below userFloorSeconds, raised to the publisher's floor, and capped at the maximum
 * so a publisher asking for a year still gets a daily check.
 */
export function computeEffectiveFloor(
  minIntervalSeconds: number | null,
  publisherFloorSeconds: number | null,
  settings: PolicySettings,
): number {
  const ownFloor = Math.max(minIntervalSeconds ?? settings.minIntervalSeconds, settings.userFloorSeconds);
  return Math.min(Math.max(ownFloor, publisherFloorSeconds ?? 0), settings.maxIntervalSeconds);
}
