/**
 * How many floors apart a feed's posts may be, on average, for it to be polled at the floor. With
 * the 60-min floor: a feed posting every 3 h or more often (8 a day) sits at the floor; one posting
 * 3 a day (every 8 h) is polled every 1 h 38 min, once a day every 2 h 50 min, weekly every 7 h 30.
 * In the simulation (scripts/simulate.ts, issue 14's publisher, seeds 1-3), 2 let feeds posting
 * 10-14 a day leave the floor (a 70-min cadence on the 5-min cron: busy median lag up to 39.5 min
 * over 10 h); 4 cost 46% of hourly polling's requests over 10 h, against 43% with 3.
 */
export const FLOOR_GAPS = 3;

/**
 * How many of the newest dates the rate is read from: a feed that keeps years of posts is judged
 * by its recent pace, and twenty posts span a busy feed's day and night (about 1.7 days at 12 a
 * day) while keeping the estimate's spread near a quarter (1 / sqrt(19)).
 */
export const RATE_WINDOW_DATES = 20;

/**
 * The mean gap, in seconds, between the feed's posts, read from its newest publication dates: the
 * time from the oldest of them to `now` over the number of posts after it. Counting up to `now`
 * (not to the newest post) makes the silence since the last post part of the estimate, as for any
 * rate measured over an open window: a feed whose twenty posts are years old reads as dormant, one
 * that posted a minute ago at its usual pace reads as it always did. The mean, not the median,
 * because the poll budget follows the rate (posts per day), and the mean gap is its exact inverse.
 * Duplicate dates count once (a batch import is one moment); dates after `now` are dropped (a
 * publisher's clock or time-zone mistake, not a post we could have fetched). Null with fewer than
 * two usable dates.
 */
export function estimateItemGap(itemDates: readonly Date[], now: Date): number | null {
  const times = [...new Set(itemDates.map((date) => date.getTime()))]
    .filter((time) => Number.isFinite(time) && time <= now.getTime())
    .sort((a, b) => b - a)
    .slice(0, RATE_WINDOW_DATES);
  if (times.length < 2) return null;
  return (now.getTime() - times.at(-1)!) / 1000 / (times.length - 1);
}

/**
 * The interval that spends requests where they buy the most freshness: proportional to the square
 * root of the feed's mean gap between posts, scaled so that a gap of FLOOR_GAPS floors gives the
 * floor itself. Why the square root: polling a feed every I seconds costs 1/I requests and, for
 * posts arriving at random at rate r, leaves each post waiting I/2 on average, r x I/2 in all;
 * minimising the total wait over every feed for a given number of requests gives I proportional to
 * 1/sqrt(r) (the Lagrange condition r / 2 = mu / I^2). A feed four times busier is polled twice as
 * often, not four times: quiet feeds pay for busy ones without going stale.
 *
 * `ownFloorSeconds` is the user's or the global floor (not the publisher's, which only clamps), so a
 * user who lowers the floor makes every feed proportionally fresher. Unclamped: the caller clamps.
 */
export function computeRateInterval(gapSeconds: number, ownFloorSeconds: number): number {
  return Math.sqrt((gapSeconds * ownFloorSeconds) / FLOOR_GAPS);
}
