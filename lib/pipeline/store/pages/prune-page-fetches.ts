// Keeps the log of page and icon requests bounded as the feeds' log is (prune-fetch-log.ts): a
// row older than RETENTION_DAYS goes, in small batches with a pause between them. The costs on
// the health pages cover 30 days, well inside what is kept.
import type { Db } from "@/lib/db/client";
import { PRUNE_BATCH, RETENTION_DAYS, type PruneOptions } from "@/lib/pipeline/store/fetch/prune-fetch-log";

/** How many rows were deleted. */
export async function prunePageFetches(db: Db, now: Date, options: PruneOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? PRUNE_BATCH;
  const pauseMs = options.pauseMs ?? 50;
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let deleted = 0;
  // Bounded: every pass deletes the batch it read; an empty batch ends it.
  while (!options.shouldStop?.()) {
    const batch = await db.pageFetch.findMany({
      where: { startedAt: { lt: cutoff } },
      select: { id: true },
      orderBy: { startedAt: "asc" },
      take: batchSize,
    });
    if (batch.length === 0) break;
    deleted += (await db.pageFetch.deleteMany({ where: { id: { in: batch.map((row) => row.id) } } })).count;
    if (batch.length < batchSize) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return deleted;
}
