// Retention: removes articles no user has unread or starred, older than their source's window, in small
// batches with a pause between them (a round waiting for SQLite's write lock waits for one batch
// at most), each batch one transaction that also writes what it removed:
// - a RemovedArticle row per article (its dedupe key and content hash), so that a feed still
//   carrying the item does not bring it back as new and unread at the next fetch
//   (lib/store/save-articles.ts reads them);
// - Source.articleCount, lowered by exactly the rows deleted (no subscriber's unread count moves:
//   only articles read by every one of them go).
// The delete re-checks every user's unread and starred rows, so an article starred or marked
// unread by anyone meanwhile stays.
import { joinSql, sql } from "@/lib/db/sql";
import { providerOf, type Db, type Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { querySql } from "@/lib/db/query-sql";
import { findRemovalCutoff, findRetentionDays } from "@/lib/pipeline/store/retention/retention-window";

export const RETENTION_BATCH = 500;

export type RetentionOptions = {
  installationDays: number;
  batchSize?: number;
  pauseMs?: number;
  shouldStop?: () => boolean;
};
export type RemovalReport = { removed: number; sources: number; batches: number };

export async function removeExpiredArticles(db: Db, now: Date, options: RetentionOptions): Promise<RemovalReport> {
  const batchSize = options.batchSize ?? RETENTION_BATCH;
  const pauseMs = options.pauseMs ?? 50;
  const report: RemovalReport = { removed: 0, sources: 0, batches: 0 };
  const sources = await db.source.findMany({ select: { id: true, retentionDays: true }, orderBy: { id: "asc" } });
  for (const source of sources) {
    const cutoff = findRemovalCutoff(findRetentionDays(source.retentionDays, options.installationDays), now);
    if (cutoff === null) continue;
    let removedHere = 0;
    for (;;) {
      if (options.shouldStop?.()) return report;
      const batch = await db.article.findMany({
        where: { sourceId: source.id, unreadBy: { none: {} }, starredBy: { none: {} }, firstSeenAt: { lt: cutoff } },
        select: { id: true },
        orderBy: { id: "asc" },
        take: batchSize,
      });
      if (batch.length === 0) break;
      const removed = await removeBatch(
        db,
        source.id,
        batch.map((row) => row.id),
        now,
      );
      removedHere += removed;
      report.removed += removed;
      report.batches += 1;
      if (batch.length < batchSize) break;
      await pause(pauseMs);
    }
    if (removedHere > 0) report.sources += 1;
  }
  return report;
}

function removeBatch(db: Db, sourceId: number, ids: number[], now: Date): Promise<number> {
  const provider = providerOf(db);
  return inTransaction(db, async (tx: Tx) => {
    const deleted = await querySql<{ dedupeKey: string; contentHash: string }>(
      tx,
      provider,
      sql`DELETE FROM "Article" WHERE "id" IN (${joinSql(ids)})
        AND NOT EXISTS (SELECT 1 FROM "UnreadArticle" WHERE "UnreadArticle"."articleId" = "Article"."id")
        AND NOT EXISTS (SELECT 1 FROM "StarredArticle" WHERE "StarredArticle"."articleId" = "Article"."id")
        RETURNING "dedupeKey", "contentHash"`,
    );
    if (deleted.length === 0) return 0;
    // A key removed before (an article that came back under it before tombstones existed) keeps its first row.
    const known = await tx.removedArticle.findMany({
      where: { sourceId, dedupeKey: { in: deleted.map((row) => row.dedupeKey) } },
      select: { dedupeKey: true },
    });
    const knownKeys = new Set(known.map((row) => row.dedupeKey));
    await tx.removedArticle.createMany({
      data: deleted
        .filter((row) => !knownKeys.has(row.dedupeKey))
        .map((row) => ({ sourceId, dedupeKey: row.dedupeKey, contentHash: row.contentHash, removedAt: now })),
    });
    await tx.source.update({ where: { id: sourceId }, data: { articleCount: { decrement: deleted.length } } });
    return deleted.length;
  });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
