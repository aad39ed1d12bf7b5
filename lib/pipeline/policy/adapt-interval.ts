/**
 * How much one fetch with new articles may shorten the interval of a feed whose items carry no
 * usable dates (with dates, the feed's rate sets the interval: computeRateInterval). Halving is
 * gradual (a 24 h interval needs five fetches with news to reach 1 h) yet lets a busy feed recover
 * the morning after a quiet night.
 */
export const SHRINK_DIVISOR = 2;

/**
 * Fetches may find nothing for this long (empty fetches in a row x the interval) before the
 * interval starts to grow: 12 h, a publisher's night and the slow hours around it. Posts arrive at
 * random, so a silence of a few gaps says little about the feed's rate, and growing on it makes
 * the first post after every lull wait: growing from the first empty fetch above the floor had a
 * feed posting 3 a day (polled every 1.6 h) at 2.0 h, 2.5 h, 3.2 h after three empty fetches. In
 * the simulation (issue 14's publisher, seed 1, 7 days) that left the a-few-a-day class at a 78-min
 * median lag (p95 4.7 h); with this grace it is 58 min (2.6 h), for 30.5% of hourly polling's
 * requests instead of 26%. Beyond 12 h the feed is more likely to have gone
 * quiet, and every empty fetch grows the interval by growthFactor. Counted in time rather than in
 * fetches, so a 15-min user floor and a 3-h publisher floor wait out the same night; the price:
 * a feed that really went quiet pays for half a day of checks at its last pace before slowing
 * down, once.
 */
export const SILENCE_GRACE_SECONDS = 12 * 3600;

/** Grows by growthFactor, within [floor, max] (a 429 grows it this way too). */
export function growInterval(
  intervalSeconds: number,
  growthFactor: number,
  floorSeconds: number,
  maxSeconds: number,
): number {
  return clampInterval(intervalSeconds * growthFactor, floorSeconds, maxSeconds);
}

/**
 * After a fetch that found nothing new (a 304, an unchanged body or no new article): held through
 * SILENCE_GRACE_SECONDS, then grown; `emptyFetchesInRow` includes this one.
 */
export function growAfterEmptyFetch(
  intervalSeconds: number,
  emptyFetchesInRow: number,
  growthFactor: number,
  floorSeconds: number,
  maxSeconds: number,
): number {
  if (emptyFetchesInRow * Math.max(intervalSeconds, floorSeconds) <= SILENCE_GRACE_SECONDS) {
    return clampInterval(intervalSeconds, floorSeconds, maxSeconds);
  }
  return growInterval(intervalSeconds, growthFactor, floorSeconds, maxSeconds);
}

/** After a fetch with new articles: one geometric step toward the floor, never straight to it. */
export function shrinkInterval(intervalSeconds: number, floorSeconds: number, maxSeconds: number): number {
  return clampInterval(intervalSeconds / SHRINK_DIVISOR, floorSeconds, maxSeconds);
}

/** Whole seconds (the column is an Int), never below the floor, never above the maximum. */
export function clampInterval(seconds: number, floorSeconds: number, maxSeconds: number): number {
  return Math.round(Math.min(Math.max(seconds, floorSeconds), maxSeconds));
}
