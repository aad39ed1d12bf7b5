import "server-only";
// A source's article-page and icon requests, newest first: the fetch log's rows of those kinds, for
// the "Full text" section's own summary.
import { getDb } from "@/lib/db/client";
import { BESIDE_FEED } from "@/lib/base/fetch-kinds";

export const PAGE_LOG_SIZE = 20;

export async function listPageFetches(sourceId: number) {
  return getDb().fetch.findMany({
    where: { sourceId, ...BESIDE_FEED },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: PAGE_LOG_SIZE,
    select: {
      id: true,
      kind: true,
      url: true,
      startedAt: true,
      durationMs: true,
      outcome: true,
      errorKind: true,
      httpStatus: true,
      bytesReceived: true,
      conditional: true,
      manual: true,
      detail: true,
    },
  });
}

export type PageFetchRow = Awaited<ReturnType<typeof listPageFetches>>[number];
