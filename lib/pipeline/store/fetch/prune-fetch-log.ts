// Keeps the raw fetch log bounded: a Fetch row is kept while it is younger than FETCH_LOG_DAYS
// OR among the newest KEEP_PER_SOURCE rows of its source (whichever keeps more); the fleet's drift
// roll-up (FetchDrift) keeps the same days. FetchDaily roll-ups are never touched, so the 30-day
// chart and long-term figures survive. Deletes go in small batches with a pause between them: a round waiting for the write lock (SQLite) waits
// for one batch at most. Page and icon requests are rows of this log (kind "page" | "icon") and
// go by the same rule, counted among their source's newest rows.
import type { Db } from "@/lib/db/client";
import { driftHour } from "@/lib/pipeline/store/fetch/drift-rollup";

/** How long page fetches and alert history are kept (their own prunes). */
export const RETENTION_DAYS = 90;
/**
 * The raw log's readers look back 30 days at most (a source's outcome shares, the fleet's drift
 * chart); everything older is read from the roll-ups. A day more, so that the 30-day windows are
 * whole between two prunes. 10,000 hourly sources keep about 7.4 M rows instead of 21.6 M at 90 days.
 */
export const FETCH_LOG_DAYS = 31;
/**
 * A rarely fetched source still shows a log: at least its caching badges' window of answers
 * (BADGE_WINDOW, 100, in lib/reads/health/rules/derive-caching-badges.ts), errors in between.
 */
export const KEEP_PER_SOURCE = 200;
export const PRUNE_BATCH = 5000;

export type PruneOptions = { batchSize?: number; pauseMs?: number; shouldStop?: () => boolean };
export type PruneReport = { deleted: number; sources: number; batches: number };

export async function pruneFetchLog(db: Db, now: Date, options: PruneOptions = {}): Promise<PruneReport> {
  const batchSize = options.batchSize ?? PRUNE_BATCH;
  const pauseMs = options.pauseMs ?? 50;
  const cutoff = new Date(now.getTime() - FETCH_LOG_DAYS * 24 * 60 * 60 * 1000);
  // The drift roll-up's readers look back as far as the log's (the drift chart's month): a few
  // hundred rows an hour, gone in one statement.
  await db.fetchDrift.deleteMany({ where: { hour: { lt: driftHour(cutoff) } } });
  // Only sources with rows past the cutoff can lose any: one index range scan on startedAt.
  const candidates = await db.fetch.groupBy({
    by: ["sourceId"],
    where: { startedAt: { lt: cutoff } },
    _count: { _all: true },
  });
  const report: PruneReport = { deleted: 0, sources: 0, batches: 0 };
  for (const candidate of candidates) {
    if (options.shouldStop?.()) break;
    const boundary = await findKeepBoundary(db, candidate.sourceId);
    if (boundary === null) continue;
    // Rows older than the cutoff AND older than the KEEP_PER_SOURCE-th newest row.
    const where = {
      sourceId: candidate.sourceId,
      startedAt: { lt: cutoff },
      OR: [{ startedAt: { lt: boundary.startedAt } }, { startedAt: boundary.startedAt, id: { lt: boundary.id } }],
    };
    let deletedHere = 0;
    for (;;) {
      if (options.shouldStop?.()) break;
      const batch = await db.fetch.findMany({
        where,
        select: { id: true },
        orderBy: [{ startedAt: "asc" }, { id: "asc" }],
        take: batchSize,
      });
      if (batch.length === 0) break;
      const { count } = await db.fetch.deleteMany({ where: { id: { in: batch.map((row) => row.id) } } });
      deletedHere += count;
      report.batches += 1;
      if (batch.length < batchSize) break;
      await pause(pauseMs);
    }
    if (deletedHere > 0) report.sources += 1;
    report.deleted += deletedHere;
    if (deletedHere > 0) await pause(pauseMs);
  }
  return report;
}

/** The KEEP_PER_SOURCE-th newest row of a source (rows at or after it are kept); null when it has fewer. */
async function findKeepBoundary(db: Db, sourceId: number): Promise<{ id: number; startedAt: Date } | null> {
  return db.fetch.findFirst({
    where: { sourceId },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    skip: KEEP_PER_SOURCE - 1,
    select: { id: true, startedAt: true },
  });
}

function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
