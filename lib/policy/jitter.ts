/**
 * Adds +0..jitterRatio of the jitterable part of a wait: wait + (wait - unjitteredSeconds) x
 * random() x jitterRatio, where `unjitteredSeconds` is a leading part of the wait that gets no
 * jitter (0 by default, so the whole wait is jittered; a success passes its floor, see
 * scheduleInterval). Jitter only ever lengthens, so no wait ends before the floor or a Retry-After
 * time. The result never exceeds the ceiling (the maximum interval) unless the wait itself already
 * does, so a dormant feed is still checked within a day; its phase is already spread by the jitter
 * it got while growing.
 */
export function applyJitter(
  waitSeconds: number,
  random: () => number,
  jitterRatio: number,
  ceilingSeconds: number,
  unjitteredSeconds = 0,
): number {
  const jitterable = Math.max(0, waitSeconds - Math.max(0, unjitteredSeconds));
  const jittered = waitSeconds + jitterable * readUnitRandom(random) * jitterRatio;
  return Math.min(jittered, Math.max(waitSeconds, ceilingSeconds));
}

// A caller's random() outside [0, 1) would break the bounds above; clamp instead of trusting it.
function readUnitRandom(random: () => number): number {
  const value = random();
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, 1);
}
