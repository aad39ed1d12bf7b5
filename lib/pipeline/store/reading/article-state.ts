// The reader's writes: read and starred state, "mark all read" and its undo, and the reader's
// preferences. Source.unreadCount is a denormalised count of each source's unread articles: every
// change of readAt here adjusts it in the same transaction by the exact number of rows that
// changed. The updates are conditional (readAt IS NULL / IS NOT NULL) and RETURN the rows they
// changed, so two tabs marking the same article, or a round inserting articles meanwhile, can
// never make the count drift: deltas compose where a recount from a stale snapshot would not.
import { providerOf, type Db, type Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import type { ArticleScope } from "@/lib/base/article-scope";
import { buildScopeConditions, joinConditions } from "@/lib/pipeline/store/reading/scope-sql";
import { querySql } from "@/lib/db/query-sql";
import type { ArticleState } from "@/lib/base/article-state";

/** Bulk changes of a million rows must not hit the default 5 s transaction timeout. */
/** Keeps IN lists well under both databases' bound-parameter limits. */
const CHUNK = 500;

/** Sets read and/or starred of one article; null when there is no such article. */
export async function updateArticleState(
  db: Db,
  input: { id: number; read?: boolean; starred?: boolean; now: Date },
): Promise<ArticleState | null> {
  return inTransaction(db, async (tx) => {
    if (input.read !== undefined) await setReadOfIds(tx, { ids: [input.id], read: input.read, now: input.now });
    if (input.starred !== undefined)
      await setStarredOfIds(tx, { ids: [input.id], starred: input.starred, now: input.now });
    const row = await tx.article.findUnique({
      where: { id: input.id },
      select: { id: true, readAt: true, starredAt: true },
    });
    return row === null ? null : { id: row.id, read: row.readAt !== null, starred: row.starredAt !== null };
  });
}

/**
 * Sets read and/or starred (null: leave it) of many articles at once, for the feed apps' APIs (up
 * to 10,000 ids a call): one transaction, long enough not to fail behind a round's write lock.
 */
export async function updateArticleStates(
  db: Db,
  input: { ids: number[]; read: boolean | null; starred: boolean | null; now: Date },
): Promise<void> {
  await inTransaction(
    db,
    async (tx) => {
      if (input.read !== null) await setReadOfIds(tx, { ids: input.ids, read: input.read, now: input.now });
      if (input.starred !== null) await setStarredOfIds(tx, { ids: input.ids, starred: input.starred, now: input.now });
    },
    "bulk",
  );
}

/**
 * Marks every unread article of a view read; returns their ids (the undo list). `olderThan`
 * limits it to articles published before that time; `maxId` to articles the reader had a chance
 * to see (those that arrived later stay unread); `seenBefore` to articles Tidings stored before
 * that time (an app's last sync: what it had a chance to see).
 */
export async function markRead(
  db: Db,
  input: { scope: ArticleScope; olderThan: Date | null; maxId: number | null; seenBefore?: Date | null; now: Date },
): Promise<number[]> {
  const provider = providerOf(db);
  const where = joinConditions([
    // Only unread rows: the RETURNING list is then exactly the rows this statement changed.
    ...buildScopeConditions({ ...input.scope, unread: true }, provider),
    ...(input.olderThan === null ? [] : [sql`"publishedAt" < ${input.olderThan}`]),
    ...(input.maxId === null ? [] : [sql`"id" <= ${input.maxId}`]),
    ...(input.seenBefore == null ? [] : [sql`"firstSeenAt" < ${input.seenBefore}`]),
  ]);
  return inTransaction(
    db,
    async (tx) => {
      // One statement: on SQLite it takes the write lock at once (no read-then-upgrade race with a round).
      const changed = await querySql<{ id: number; sourceId: number }>(
        tx,
        provider,
        sql`UPDATE "Article" SET "readAt" = ${input.now} WHERE ${where} RETURNING "id", "sourceId"`,
      );
      await adjustUnreadCounts(tx, changed, -1);
      return changed.map((row) => row.id).sort((a, b) => a - b);
    },
    "bulk",
  );
}

/** Marks these articles unread again (the undo of markRead); returns the ids that changed. */
export async function markUnread(db: Db, input: { ids: number[] }): Promise<number[]> {
  return inTransaction(db, (tx) => setReadOfIds(tx, { ids: input.ids, read: false, now: new Date() }), "bulk");
}

/**
 * Sets read of many articles by id (the apps' edit-tag); ids that are unknown or already so
 * change nothing. Returns the ids that changed, ascending.
 */
export async function setReadOfIds(tx: Tx, input: { ids: number[]; read: boolean; now: Date }): Promise<number[]> {
  const changedIds: number[] = [];
  for (const ids of chunk([...new Set(input.ids)], CHUNK)) {
    const changed = await tx.article.updateManyAndReturn({
      where: { id: { in: ids }, readAt: input.read ? null : { not: null } },
      data: { readAt: input.read ? input.now : null },
      select: { id: true, sourceId: true },
    });
    await adjustUnreadCounts(tx, changed, input.read ? -1 : 1);
    changedIds.push(...changed.map((row) => row.id));
  }
  return changedIds.sort((a, b) => a - b);
}

/** Sets starred of many articles by id; starring an already starred article keeps its original starredAt. */
export async function setStarredOfIds(tx: Tx, input: { ids: number[]; starred: boolean; now: Date }): Promise<void> {
  for (const ids of chunk([...new Set(input.ids)], CHUNK)) {
    await tx.article.updateMany({
      where: { id: { in: ids }, starredAt: input.starred ? null : { not: null } },
      data: { starredAt: input.starred ? input.now : null },
    });
  }
}

/**
 * Adds `sign` × (changed articles of each source) to Source.unreadCount. Sources are grouped by
 * their delta, so a "mark all read" over 1,000 sources is a handful of UPDATEs, not 1,000.
 */
async function adjustUnreadCounts(tx: Tx, changed: { sourceId: number }[], sign: 1 | -1): Promise<void> {
  const perSource = new Map<number, number>();
  for (const row of changed) perSource.set(row.sourceId, (perSource.get(row.sourceId) ?? 0) + 1);
  const byDelta = new Map<number, number[]>();
  for (const [sourceId, count] of perSource) {
    const group = byDelta.get(count);
    if (group) group.push(sourceId);
    else byDelta.set(count, [sourceId]);
  }
  for (const [count, sourceIds] of byDelta) {
    for (const ids of chunk(sourceIds, CHUNK)) {
      await tx.source.updateMany({ where: { id: { in: ids } }, data: { unreadCount: { increment: sign * count } } });
    }
  }
}

function chunk<T>(values: T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let index = 0; index < values.length; index += size) parts.push(values.slice(index, index + size));
  return parts;
}
