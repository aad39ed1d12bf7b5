import "server-only";
import { getDb } from "@/lib/db/client";

/**
 * The latest fetches of a source, newest first, every column the page shows: the timeline, the
 * caching badges and the first page of the fetch log all read this one query.
 */
export async function listRecentFetches(sourceId: number, limit: number) {
  return getDb().fetch.findMany({ where: { sourceId }, orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: limit });
}

export type RecentFetch = Awaited<ReturnType<typeof listRecentFetches>>[number];
