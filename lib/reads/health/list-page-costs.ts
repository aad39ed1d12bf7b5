import "server-only";
// What a source's pages and icon cost its publisher over a period: requests and bytes of the fetch
// log's rows besides the feed's (kind page | icon), per source. Counted beside the feed's daily
// roll-ups (FetchDaily, the feed's own) on the health pages, so costs count every kind.
import { getDb } from "@/lib/db/client";
import { BESIDE_FEED } from "@/lib/base/fetch-kinds";

export type PageCost = { sourceId: number; requests: number; bytes: number; notModified: number; errors: number };

export async function listPageCosts(input: { since: Date; sourceIds?: number[] }): Promise<PageCost[]> {
  const where = {
    ...BESIDE_FEED,
    startedAt: { gte: input.since },
    ...(input.sourceIds ? { sourceId: { in: input.sourceIds } } : {}),
  };
  const db = getDb();
  const [all, byOutcome] = await Promise.all([
    db.fetch.groupBy({ by: ["sourceId"], where, _count: { _all: true }, _sum: { bytesReceived: true } }),
    db.fetch.groupBy({ by: ["sourceId", "outcome"], where, _count: { _all: true } }),
  ]);
  const count = (sourceId: number, outcome: string) =>
    byOutcome.find((row) => row.sourceId === sourceId && row.outcome === outcome)?._count._all ?? 0;
  return all.map((row) => ({
    sourceId: row.sourceId,
    requests: row._count._all,
    bytes: row._sum.bytesReceived ?? 0,
    notModified: count(row.sourceId, "not_modified"),
    errors: count(row.sourceId, "error"),
  }));
}
