/**
 * Draws a wait uniformly from a window of width jitterRatio x (wait - unjitteredSeconds), where
 * `unjitteredSeconds` is a leading part of the wait that gets no jitter (0 by default, so the whole
 * wait is jittered; a regular poll passes its floor, see scheduleInterval).
 *
 * The window starts at the wait (jitter only lengthens it) unless that would pass the ceiling (the
 * maximum interval, which every wait respects so a dormant feed is still checked within a day). It
 * then slides down to end at the ceiling, but never starts below `lowestSeconds`: the floor for a
 * regular poll, the wait itself (the default) for a backoff, a probe or a Retry-After hold, which
 * must not end early. Sliding keeps the spread at the ceiling: capping instead would put every
 * dormant feed on exactly 24 h from its first fetch, all in the same round every day.
 *
 * With a window narrower than its width (lowestSeconds close to the ceiling), what is left is used;
 * a wait already at or past the ceiling with nothing below it to use comes back unchanged.
 */
export function applyJitter(
  waitSeconds: number,
  random: () => number,
  jitterRatio: number,
  ceilingSeconds: number,
  unjitteredSeconds = 0,
  lowestSeconds = waitSeconds,
): number {
  const width = Math.max(0, waitSeconds - Math.max(0, unjitteredSeconds)) * jitterRatio;
  const end = Math.max(waitSeconds, Math.min(waitSeconds + width, ceilingSeconds));
  const start = Math.min(waitSeconds, Math.max(lowestSeconds, end - width));
  return start + (end - start) * readUnitRandom(random);
}

// A caller's random() outside [0, 1) would break the bounds above; clamp instead of trusting it.
function readUnitRandom(random: () => number): number {
  const value = random();
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, 1);
}
