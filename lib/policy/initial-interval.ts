/**
 * The median gap, in seconds, between consecutive distinct publication dates; null with fewer than
 * two usable dates. The median, not the mean, so one long holiday or a batch import of old posts
 * does not decide the rhythm. Dates after `now` are dropped: a future date is a publisher's clock
 * or time-zone mistake, not a post we could have fetched.
 */
export function computeMedianGap(itemDates: readonly Date[], now: Date): number | null {
  const times = [...new Set(itemDates.map((date) => date.getTime()))]
    .filter((time) => Number.isFinite(time) && time <= now.getTime())
    .sort((a, b) => a - b);
  const gaps = times.slice(1).map((time, index) => (time - times[index]!) / 1000);
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  const middle = Math.floor(gaps.length / 2);
  return gaps.length % 2 === 1 ? gaps[middle]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
}

/**
 * The first interval for a source that has never been fetched successfully: its own publishing
 * rhythm, clamped to [floor, max]. Without usable dates the floor is the start: an unknown feed is
 * treated as potentially busy, and 1.25x growth per empty fetch slows a quiet one down within days.
 */
export function computeInitialInterval(
  itemDates: readonly Date[],
  now: Date,
  floorSeconds: number,
  maxSeconds: number,
): { seconds: number; medianGapSeconds: number | null } {
  const medianGapSeconds = computeMedianGap(itemDates, now);
  const start = medianGapSeconds ?? floorSeconds;
  return { seconds: Math.round(Math.min(Math.max(start, floorSeconds), maxSeconds)), medianGapSeconds };
}
