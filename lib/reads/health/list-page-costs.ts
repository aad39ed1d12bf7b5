import "server-only";
// What a source's pages (full text) cost its publisher over a period: requests and bytes of the
// PageFetch log, per source. Counted beside the feed's daily roll-ups on the health pages.
import { getDb } from "@/lib/db/client";

export type PageCost = { sourceId: number; requests: number; bytes: number; notModified: number; errors: number };

export async function listPageCosts(input: { since: Date; sourceIds?: number[] }): Promise<PageCost[]> {
  const where = { startedAt: { gte: input.since }, ...(input.sourceIds ? { sourceId: { in: input.sourceIds } } : {}) };
  const db = getDb();
  const [all, byOutcome] = await Promise.all([
    db.pageFetch.groupBy({ by: ["sourceId"], where, _count: { _all: true }, _sum: { bytesReceived: true } }),
    db.pageFetch.groupBy({ by: ["sourceId", "outcome"], where, _count: { _all: true } }),
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
