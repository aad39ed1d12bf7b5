import "server-only";
import { FEED_ONLY } from "@/lib/base/fetch-kinds";
import { getDb } from "@/lib/db/client";

/**
 * The latest feed requests of a source, newest first, every column the page shows: the last fetch,
 * the timeline and the caching badges read this one query. The feed's own: a page or an icon
 * request is in the fetch log (list-fetch-log.ts), not in the feed's state.
 */
export async function listRecentFetches(sourceId: number, limit: number) {
  return getDb().fetch.findMany({
    where: { sourceId, ...FEED_ONLY },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: limit,
  });
}

export type RecentFetch = Awaited<ReturnType<typeof listRecentFetches>>[number];
