import "server-only";
// A source's article-page requests (full text), newest first: the fetch log's rows of that kind.
import { getDb } from "@/lib/db/client";

export const PAGE_LOG_SIZE = 20;

export async function listPageFetches(sourceId: number) {
  return getDb().pageFetch.findMany({
    where: { sourceId },
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
