import "server-only";
import { FEED_ONLY } from "@/lib/base/fetch-kinds";
import { getDb } from "@/lib/db/client";
import { OUTCOMES } from "@/lib/reads/health/rules/outcome-meta";

export const MEDIAN_WINDOW_DAYS = 7;

/**
 * Median response time of the source's fetches over the last MEDIAN_WINDOW_DAYS days (errors
 * included: a timeout is slow). `fetches` is the window's row count (the 7-day outcome total):
 * the database sorts and hands back only the middle one or two values.
 */
export async function getMedianDuration(
  sourceId: number,
  now: Date,
  fetches: number,
): Promise<{ medianMs: number | null; fetches: number }> {
  if (fetches === 0) return { medianMs: null, fetches };
  const middle = await getDb().fetch.findMany({
    // Requests only: a push took no time of the publisher's (and `fetches` counts requests).
    where: {
      sourceId,
      // The feed's own requests: `fetches` counts them (from the roll-ups), and a page's time is not the feed's.
      ...FEED_ONLY,
      outcome: { in: [...OUTCOMES] },
      startedAt: { gte: new Date(now.getTime() - MEDIAN_WINDOW_DAYS * 24 * 60 * 60 * 1000) },
    },
    orderBy: [{ durationMs: "asc" }, { id: "asc" }],
    skip: Math.floor((fetches - 1) / 2),
    take: fetches % 2 === 1 ? 1 : 2,
    select: { durationMs: true },
  });
  if (middle.length === 0) return { medianMs: null, fetches };
  return { medianMs: middle.reduce((sum, row) => sum + row.durationMs, 0) / middle.length, fetches };
}
