import type { BreakerState, PolicySettings } from "./types";

/**
 * The breaker is stored as "closed" or "open". There is no separate waiting step: an open source's
 * nextDueAt is its half-open probe time, and the fetch the round makes then IS the probe. So any
 * observation that arrives while the stored state is "open" (or "half_open", if the round marked the
 * probe in flight) is judged as the probe's result.
 */
export function isProbe(breakerState: BreakerState): boolean {
  return breakerState !== "closed";
}

/** The breaker opens when the counted consecutive errors reach the threshold. */
export function shouldOpenBreaker(consecutiveErrors: number, threshold: number): boolean {
  return consecutiveErrors >= threshold;
}

/** First cooldown on opening; each failed probe doubles it, up to the cap (a daily probe). */
export function computeNextCooldown(currentCooldownSeconds: number | null, settings: PolicySettings): number {
  if (currentCooldownSeconds === null) return settings.breakerCooldownSeconds;
  return Math.min(currentCooldownSeconds * 2, settings.breakerCooldownCapSeconds);
}
